import { useLingui } from "@lingui/react";

/** `/widget/booking/cancel-booking` and `/widget/cancel-booking` (form layout). */
export default function CancelBooking() {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="cancel-title">
      <h1 id="cancel-title">{i18n._("booking.cancelTitle")}</h1>
      <p>{i18n._("booking.cancelIntro")}</p>
    </section>
  );
}
