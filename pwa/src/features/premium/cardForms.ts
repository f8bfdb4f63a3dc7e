// The two card forms the payment page can mount: Stripe's Payment Element with
// a live key, or the Stripe emulator's card form (framed) in test mode. Both
// answer `confirm()` with the payment intent, or the provider's message.

export interface PaymentOutcome {
  ok: boolean;
  message: string;
  paymentIntent: string;
}

export interface CardForm {
  confirm(returnUrl: string): Promise<PaymentOutcome>;
  destroy(): void;
}

// ---- test mode: the emulator's card form in an iframe ----------------------

/** Frames `${emulatorUrl}/elements/card` in `host`; resolves once it says it is
 *  ready (until then the payment page answers "Stripe has not loaded yet"). */
export function mountEmulatorForm(host: HTMLElement, emulatorUrl: string, clientSecret: string): Promise<CardForm> {
  const origin = new URL(emulatorUrl).origin;
  const frame = document.createElement('iframe');
  frame.title = 'Card details';
  frame.className = 'card-frame';
  frame.src = `${emulatorUrl}/elements/card?client_secret=${encodeURIComponent(clientSecret)}`;
  const pending = new Set<(outcome: PaymentOutcome) => void>();
  let ready: (form: CardForm) => void = () => {};
  const listen = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    const data = event.data as { type?: string } & Partial<PaymentOutcome>;
    if (data.type === 'manna-ready') ready(form);
    if (data.type === 'manna-result') {
      const outcome = { ok: Boolean(data.ok), message: data.message ?? '', paymentIntent: data.paymentIntent ?? '' };
      pending.forEach((resolve) => resolve(outcome));
      pending.clear();
    }
  };
  window.addEventListener('message', listen);
  const form: CardForm = {
    confirm: () =>
      new Promise((resolve) => {
        pending.add(resolve);
        frame.contentWindow?.postMessage({ type: 'manna-confirm' }, origin);
      }),
    destroy: () => {
      window.removeEventListener('message', listen);
      frame.remove();
    },
  };
  return new Promise((resolve) => {
    ready = resolve;
    host.replaceChildren(frame);
  });
}

// ---- live: Stripe.js and the Payment Element -------------------------------

interface StripeJs {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
    redirect: 'if_required';
  }): Promise<{ error?: { message?: string; payment_intent?: { id: string } }; paymentIntent?: { id: string; status: string } }>;
}
interface StripeElements {
  create(type: 'payment'): { mount(el: HTMLElement): void; destroy(): void; on(event: 'ready', cb: () => void): void };
}
type StripeFactory = (publishableKey: string) => StripeJs;

const STRIPE_JS = 'https://js.stripe.com/v3/';
let stripeScript: Promise<StripeFactory> | null = null;

function loadStripeJs(): Promise<StripeFactory> {
  stripeScript ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js loaded without Stripe'));
    };
    script.onerror = () => reject(new Error('Stripe.js could not be loaded'));
    document.head.append(script);
  }).catch((error: unknown) => {
    stripeScript = null; // try again next time
    throw error;
  });
  return stripeScript;
}

/** Mounts Stripe's Payment Element for `clientSecret` in `host`. */
export async function mountStripeForm(host: HTMLElement, publishableKey: string, clientSecret: string): Promise<CardForm> {
  const stripe = (await loadStripeJs())(publishableKey);
  const elements = stripe.elements({ clientSecret });
  const element = elements.create('payment');
  await new Promise<void>((resolve) => {
    element.on('ready', resolve);
    element.mount(host);
  });
  return {
    async confirm(returnUrl) {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl },
        redirect: 'if_required',
      });
      if (error) return { ok: false, message: error.message ?? '', paymentIntent: error.payment_intent?.id ?? '' };
      return { ok: true, message: '', paymentIntent: paymentIntent?.id ?? '' };
    },
    destroy: () => element.destroy(),
  };
}
