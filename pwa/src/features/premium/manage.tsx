// 'Manage subscription': the server opens a Stripe billing portal session for
// the member's customer and the browser goes there (cancel, change card,
// invoices); the portal sends them back to Home.

import { useState } from 'react';
import { apiRequest } from '../../api/client';
import { messageOf } from '../../api/messageOf';
import { toast } from '../../components/toast';
import { ensureDevice } from '../../identity';

export function useManageSubscription(): { open: () => Promise<void>; opening: boolean } {
  const [opening, setOpening] = useState(false);
  async function open() {
    setOpening(true);
    try {
      await ensureDevice();
      const { url } = await apiRequest<{ url: string }>('POST', '/api/billing-portal');
      window.location.assign(url);
    } catch (error) {
      toast({
        title: 'Unable to open subscription settings',
        description: messageOf(error, 'You appear to be offline. Please try again when connected.'),
        variant: 'destructive',
      });
      setOpening(false);
    }
  }
  return { open, opening };
}

/** The 'Manage subscription' button (not for owners, who have no Stripe customer). */
export function ManageSubscriptionButton({ isOwner }: { isOwner: boolean }) {
  const manage = useManageSubscription();
  if (isOwner) return null;
  return (
    <button type="button" className="btn btn-outline" disabled={manage.opening} onClick={() => void manage.open()}>
      {manage.opening ? 'Opening…' : 'Manage subscription'}
    </button>
  );
}
