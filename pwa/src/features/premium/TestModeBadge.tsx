// The 'Test mode' badge in a corner of every page while payments go to the
// local Stripe emulator (the server says so).

import { useBillingConfig } from './billingConfig';

export default function TestModeBadge() {
  const config = useBillingConfig();
  if (!config.data?.testMode) return null;
  return (
    <span className="test-badge" title="Payments go to the local Stripe emulator: use card 4242 4242 4242 4242">
      Test mode · card 4242 4242 4242 4242
    </span>
  );
}
