/**
 * Images of posts and products in the console (issue 16): uploaded from the computer to
 * `POST /api/business/images` with its progress shown and the server's refusal (too large, not an
 * image, unreadable, too many pixels — already in the page's language) said next to the input, or
 * picked from the images uploaded before. A product's gallery orders them and a post has one cover;
 * every image needs its alt text.
 */
import { useLingui } from "@lingui/react";
import { useEffect, useId, useState, type ChangeEvent } from "react";
import { FieldError } from "../../components/form-field.tsx";
import { IMAGE_KINDS } from "../../../core/content/images.ts";
import type { LocaleCode } from "../../../i18n/locales.ts";
import { callApi, uploadFile } from "./console-api.ts";
import { problemText } from "./problem-alert.tsx";
import { moved, ReorderButtons } from "./reorder-buttons.tsx";
import { TextField } from "./text-field.tsx";

/** An uploaded image as the API answers it (image-routes.ts). */
interface UploadedImage {
  readonly id: string;
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly variants: readonly { readonly width: number; readonly url: string }[];
}

export interface ChosenImage {
  readonly url: string;
  readonly alt: string;
  /**
   * A cover that only decorates (a pattern, a colour): it has no description, and says so (`alt=""`, which
   * screen readers skip). Offered for covers only; a product's pictures always show something.
   */
  readonly decorative?: boolean;
}

/** Of the images uploaded before, how many the picker shows (newest first). */
const LIBRARY_SHOWN = 48;

/**
 * Upload from the computer or pick an image uploaded before; `onAdd` hears each image's address.
 * `isMultiple` lets one choice of files add several (a gallery), one at a time.
 */
function ImageAdder({
  locale,
  isMultiple,
  onAdd,
}: {
  locale: LocaleCode;
  isMultiple: boolean;
  onAdd(url: string): void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const [uploading, setUploading] = useState<{ name: string; share: number } | null>(null);
  const [refusals, setRefusals] = useState<readonly string[]>([]);
  const [done, setDone] = useState("");
  const [isLibraryOpen, setIsLibraryOpen] = useState(false);
  const [library, setLibrary] = useState<readonly UploadedImage[] | null>(null);
  const [libraryProblem, setLibraryProblem] = useState(false);

  useEffect(() => {
    if (!isLibraryOpen || library) return;
    callApi<UploadedImage[]>(locale, "GET", "/business/images").then(setLibrary, () => setLibraryProblem(true));
  }, [isLibraryOpen, library, locale]);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    const refused: string[] = [];
    const added: string[] = [];
    setDone("");
    for (const file of files) {
      setUploading({ name: file.name, share: 0 });
      try {
        const image = await uploadFile<UploadedImage>(locale, "/business/images", file, (share) =>
          setUploading({ name: file.name, share }),
        );
        onAdd(image.url);
        added.push(file.name);
        setLibrary(null);
      } catch (error) {
        refused.push(i18n._("console.images.refused", { name: file.name, reason: problemText(i18n, error) }));
      }
    }
    setUploading(null);
    setRefusals(refused);
    if (added.length > 0) setDone(i18n._("console.images.uploaded", { count: added.length }));
  }

  const errorId = `${id}-refused`;
  return (
    <div className="console-image-adder">
      <div className={`field${refusals.length > 0 ? " field--invalid" : ""}`}>
        <label htmlFor={`${id}-file`}>
          {i18n._(isMultiple ? "console.images.uploadMany" : "console.images.upload")}
        </label>
        <p id={`${id}-hint`} className="field__hint">
          {i18n._("console.images.uploadHint")}
        </p>
        <input
          id={`${id}-file`}
          type="file"
          accept={IMAGE_KINDS.join(",")}
          multiple={isMultiple}
          disabled={uploading !== null}
          aria-invalid={refusals.length > 0}
          aria-describedby={`${id}-hint${refusals.length > 0 ? ` ${errorId}` : ""}`}
          onChange={(event) => void upload(event)}
        />
        {refusals.length > 0 ? <FieldError id={errorId} error={refusals.join(" ")} /> : null}
      </div>
      <p role="status" className="console-image-adder__status">
        {uploading ? (
          <>
            {i18n._("console.images.uploading", { name: uploading.name })}{" "}
            <progress max={1} value={uploading.share} aria-label={uploading.name} />
          </>
        ) : (
          done
        )}
      </p>
      <button
        type="button"
        className="console-button console-button--quiet"
        aria-expanded={isLibraryOpen}
        aria-controls={`${id}-library`}
        onClick={() => setIsLibraryOpen(!isLibraryOpen)}
      >
        {i18n._(isLibraryOpen ? "console.images.libraryClose" : "console.images.library")}
      </button>
      <div id={`${id}-library`} hidden={!isLibraryOpen}>
        {isLibraryOpen ? (
          libraryProblem ? (
            <p role="alert">{i18n._("console.problem.unexpected")}</p>
          ) : library === null ? (
            <p role="status">{i18n._("console.images.libraryLoading")}</p>
          ) : library.length === 0 ? (
            <p className="console-muted">{i18n._("console.images.libraryEmpty")}</p>
          ) : (
            <ul className="console-image-library">
              {library.slice(0, LIBRARY_SHOWN).map((image, i) => (
                <li key={image.id}>
                  <button
                    type="button"
                    className="console-image-library__pick"
                    onClick={() => {
                      onAdd(image.url);
                      if (!isMultiple) setIsLibraryOpen(false);
                    }}
                  >
                    <img src={image.variants[0]?.url ?? image.url} alt="" width={96} height={72} loading="lazy" />
                    <span className="visually-hidden">
                      {i18n._("console.images.pick", { number: i + 1, width: image.width, height: image.height })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>
    </div>
  );
}

/** A small picture of a chosen image; its description is the field beside it. */
const Thumbnail = ({ url }: { url: string }) => (
  <img className="console-image-thumb" src={url} alt="" width={96} height={72} loading="lazy" />
);

/**
 * A product's gallery: its images in order (the first is featured), each with its alt text, moved
 * up and down or removed by buttons; more are uploaded or picked below.
 */
export function MediaGallery({
  locale,
  path,
  legend,
  hint,
  media,
  max,
  onChange,
  errorOf,
}: {
  locale: LocaleCode;
  /** Where the server's field errors put the gallery (`media`). */
  path: string;
  legend: string;
  hint: string;
  media: readonly ChosenImage[];
  max: number;
  onChange(media: ChosenImage[]): void;
  errorOf(path: string): string | undefined;
}) {
  const { i18n } = useLingui();
  const [status, setStatus] = useState("");
  const nameOf = (i: number) => i18n._("console.images.name", { number: i + 1 });
  const keys = new Map<string, number>();
  return (
    <fieldset className="console-gallery">
      <legend>{legend}</legend>
      <p className="field__hint">{hint}</p>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {media.length === 0 ? (
        <p className="console-muted">{i18n._("console.images.none")}</p>
      ) : (
        <ol className="console-gallery__list">
          {media.map((image, i) => {
            // The same image may be in the gallery twice: its key counts which one this is.
            const seen = keys.get(image.url) ?? 0;
            keys.set(image.url, seen + 1);
            const urlError = errorOf(`${path}.${i}.url`);
            return (
              <li key={`${image.url}#${seen}`} className="console-gallery__item">
                <Thumbnail url={image.url} />
                <div className="console-gallery__fields">
                  <TextField
                    name={`${path}.${i}.alt`}
                    label={i18n._("console.images.alt", { number: i + 1 })}
                    value={image.alt}
                    input={{ maxLength: 500 }}
                    onChange={(alt) => onChange(media.map((m, j) => (j === i ? { ...m, alt } : m)))}
                    error={errorOf(`${path}.${i}.alt`)}
                  />
                  {urlError ? <FieldError id={`field-${path}-${i}-url-error`} error={urlError} /> : null}
                  <ReorderButtons
                    list={path}
                    index={i}
                    count={media.length}
                    name={nameOf(i)}
                    onMove={(to) => {
                      onChange(moved(media, i, to));
                      setStatus(
                        i18n._("console.order.moved", { name: nameOf(i), number: to + 1, count: media.length }),
                      );
                    }}
                    onRemove={() => {
                      onChange(media.filter((_, j) => j !== i));
                      setStatus(i18n._("console.order.removed", { name: nameOf(i) }));
                    }}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {media.length < max ? (
        <ImageAdder locale={locale} isMultiple onAdd={(url) => onChange([...media, { url, alt: "" }].slice(0, max))} />
      ) : (
        <p className="console-muted">{i18n._("console.images.full", { max })}</p>
      )}
    </fieldset>
  );
}

/** A post's cover: one image with its alt text, replaced by uploading or picking another, or removed. */
export function CoverImageField({
  locale,
  legend,
  image,
  onChange,
  errorOf,
}: {
  locale: LocaleCode;
  legend: string;
  image: ChosenImage | null;
  onChange(image: ChosenImage | null): void;
  /** The server's paths: `imageUrl` and `imageAlt`. */
  errorOf(path: "imageUrl" | "imageAlt"): string | undefined;
}) {
  const { i18n } = useLingui();
  const urlError = errorOf("imageUrl");
  return (
    <fieldset className="console-gallery">
      <legend>{legend}</legend>
      {image ? (
        <div className="console-gallery__item">
          <Thumbnail url={image.url} />
          <div className="console-gallery__fields">
            {image.decorative ? null : (
              <TextField
                name="imageAlt"
                label={i18n._("console.images.coverAlt")}
                value={image.alt}
                input={{ maxLength: 500 }}
                onChange={(alt) => onChange({ ...image, alt })}
                error={errorOf("imageAlt")}
              />
            )}
            <label className="check">
              <input
                type="checkbox"
                name="imageDecorative"
                checked={image.decorative === true}
                onChange={(e) => onChange({ ...image, decorative: e.target.checked })}
              />
              <span>
                {i18n._("console.images.decorative")}
                <span className="console-check-hint">{i18n._("console.images.decorativeHint")}</span>
              </span>
            </label>
            {urlError ? <FieldError id="field-imageUrl-error" error={urlError} /> : null}
            <button type="button" className="console-button console-button--quiet" onClick={() => onChange(null)}>
              {i18n._("console.images.removeCover")}
            </button>
          </div>
        </div>
      ) : (
        <p className="console-muted">{i18n._("console.images.noCover")}</p>
      )}
      <ImageAdder
        locale={locale}
        isMultiple={false}
        // Another picture is described anew unless the owner says it only decorates too.
        onAdd={(url) => onChange({ url, alt: image?.alt ?? "", decorative: false })}
      />
    </fieldset>
  );
}

/**
 * A business's logo (ADR 0049): one of its uploaded images, replaced by uploading or picking
 * another, or removed. No alt text of its own: on every page the business's name stands beside it.
 */
export function LogoField({
  locale,
  legend,
  hint,
  url,
  error,
  onChange,
}: {
  locale: LocaleCode;
  legend: string;
  hint: string;
  url: string | null;
  error: string | undefined;
  onChange(url: string | null): void;
}) {
  const { i18n } = useLingui();
  return (
    <fieldset className="console-gallery" aria-describedby={error ? "field-logoUrl-error" : undefined}>
      <legend>{legend}</legend>
      <p className="field__hint">{hint}</p>
      {url ? (
        <div className="console-gallery__item">
          <Thumbnail url={url} />
          <div className="console-gallery__fields">
            <button type="button" className="console-button console-button--quiet" onClick={() => onChange(null)}>
              {i18n._("console.settings.logo.remove")}
            </button>
          </div>
        </div>
      ) : (
        <p className="console-muted">{i18n._("console.settings.logo.none")}</p>
      )}
      {error ? <FieldError id="field-logoUrl-error" error={error} /> : null}
      <ImageAdder locale={locale} isMultiple={false} onAdd={onChange} />
    </fieldset>
  );
}
