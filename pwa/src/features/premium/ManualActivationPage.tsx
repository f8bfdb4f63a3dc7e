// /activate-premium and /manual-activation: there is no manual activation.

import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';

export default function ManualActivationPage() {
  return (
    <>
      <PageHeader title="Manual Activation Disabled" />
      <main className="page">
        <section className="card">
          <h2>Manual Activation Disabled</h2>
          <p>All subscriptions go through our card payment provider, Stripe, so premium can only be activated by a completed payment.</p>
          <p>
            <Link className="btn btn-primary" to="/checkout-simple">
              Subscribe with a card
            </Link>
          </p>
          <p className="muted">
            Already paid? <Link to="/already-paid">Restore your subscription with your payment email</Link>. For help, write to the
            support address on your Stripe receipt.
          </p>
        </section>
      </main>
    </>
  );
}
