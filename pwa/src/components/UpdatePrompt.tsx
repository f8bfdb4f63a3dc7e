// A new version waits until the user chooses to load it, so an update never
// interrupts a prayer or exercise timer.

import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { toast } from './toast';

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error) {
      console.warn('Offline support is unavailable', error);
    },
  });
  useEffect(() => {
    if (!needRefresh) return;
    toast({
      title: 'A new version of Manna is ready',
      description: 'Update when you are not in the middle of a timer.',
      durationMs: 60 * 60 * 1000,
      action: { label: 'Update', onClick: () => void updateServiceWorker(true) },
    });
  }, [needRefresh, updateServiceWorker]);
  return null;
}
