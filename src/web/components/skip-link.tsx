import { useLingui } from "@lingui/react";

export function SkipLink() {
  const { i18n } = useLingui();
  return (
    <a className="skip-link" href="#main">
      {i18n._("layout.skipToContent")}
    </a>
  );
}
