import { responsiveImage, type ImageSize } from "../../../core/content/images.ts";

interface Props {
  url: string;
  alt: string;
  /** The image's size when it is an uploaded one (`/images/<id>`): then every kept width is a candidate. */
  size: ImageSize | null;
  /** The box reserved for an image of another address (its width and height attributes). */
  box: ImageSize;
  /** How wide the image is shown, for the browser to choose a candidate (`sizes`). */
  sizes: string;
  className?: string;
  /** The page's largest image, seen first (its LCP): fetched at once, not lazily. */
  isFirst?: boolean;
}

/**
 * An image of a content page, sized so nothing shifts while it loads (width and height always set),
 * with width candidates when it is uploaded; lazy and decoded off the main thread unless it is the
 * page's first, largest picture.
 */
export function ContentImage({ url, alt, size, box, sizes, className, isFirst = false }: Props) {
  const image = responsiveImage(url, size, box);
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={isFirst ? undefined : "lazy"}
      decoding="async"
      fetchPriority={isFirst ? "high" : undefined}
    />
  );
}
