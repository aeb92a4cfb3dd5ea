/**
 * A stand-in for Stripe.js in the browser journeys. js.stripe.com is not reachable from the test
 * machines, so `routeStripe` answers the page's request for Stripe.js with this small script, and
 * forwards what it sends to api.stripe.com to the local stand-in for Stripe's API
 * (tests/support/fake-stripe.ts). It implements only what the payment step uses — `elements()`,
 * `create("payment")`, `mount`, `on("change")`, `confirmPayment` — and confirms the PaymentIntent
 * the way Stripe.js does: with the publishable key and the intent's client secret, here with Stripe's
 * test payment methods (pm_card_visa; pm_card_chargeDeclined for 4000 0000 0000 0002). It is not
 * Stripe's Payment Element: its one field is a plain labelled input, and its messages are English.
 */
import type { Page } from "playwright-core";
import type { FakeStripe } from "../../support/fake-stripe.ts";

const STAND_IN = `(() => {
  function Stripe(key) {
    let elementsOptions = {};
    let payment = null;
    const stripe = {
      elements(options) {
        elementsOptions = options || {};
        return {
          create(type) {
            let input = null;
            const handlers = {};
            const fire = (event, value) => (handlers[event] || []).forEach((h) => h(value));
            payment = {
              mount(node) {
                const root = typeof node === "string" ? document.querySelector(node) : node;
                root.setAttribute("data-stand-in-locale", elementsOptions.locale || "");
                const label = document.createElement("label");
                label.htmlFor = "stand-in-card-number";
                label.textContent = "Card number";
                input = document.createElement("input");
                input.id = "stand-in-card-number";
                input.autocomplete = "cc-number";
                input.inputMode = "numeric";
                input.addEventListener("input", () =>
                  fire("change", { elementType: type, empty: input.value === "", complete: input.value.replace(/\\s/g, "").length >= 16 }),
                );
                root.append(label, input);
                setTimeout(() => fire("ready", { elementType: type }), 0);
              },
              on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); return payment; },
              off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); return payment; },
              update() {},
              unmount() {},
              destroy() { input?.parentNode?.replaceChildren(); },
              number: () => (input ? input.value.replace(/\\s/g, "") : ""),
            };
            return payment;
          },
          getElement: () => payment,
          update() {},
          submit: () => Promise.resolve({}),
        };
      },
      async confirmPayment({ confirmParams }) {
        const secret = elementsOptions.clientSecret;
        const number = payment ? payment.number() : "";
        if (number.length < 16)
          return { error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." } };
        const res = await fetch("https://api.stripe.com/v1/payment_intents/" + secret.split("_secret_")[0] + "/confirm", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            key,
            client_secret: secret,
            payment_method: number === "4000000000000002" ? "pm_card_chargeDeclined" : "pm_card_visa",
            return_url: confirmParams.return_url,
          }).toString(),
        });
        const body = await res.json();
        return res.ok ? { paymentIntent: body } : { error: body.error };
      },
      createToken() {},
      createPaymentMethod() {},
      confirmCardPayment() {},
      _registerWrapper() {},
      registerAppInfo() {},
    };
    return stripe;
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();`;

/** Serves the stand-in for Stripe.js, and passes the page's calls to Stripe's API to `fake`. */
export async function routeStripe(page: Page, fake: FakeStripe): Promise<void> {
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: STAND_IN }),
  );
  await page.route("https://api.stripe.com/**", async (route) => {
    const request = route.request();
    const { host, port } = fake.connection;
    const res = await fetch(`http://${host}:${port}${new URL(request.url()).pathname}`, {
      method: request.method(),
      headers: { "content-type": request.headers()["content-type"] ?? "application/x-www-form-urlencoded" },
      body: request.postData() ?? null,
    });
    await route.fulfill({
      status: res.status,
      contentType: "application/json",
      headers: { "access-control-allow-origin": "*" },
      body: await res.text(),
    });
  });
}
