// A new version waits until the user chooses to load it, so an update never
// interrupts a prayer or exercise timer. When the server can no longer sync
// with this version (`required`), the prompt says so and stays until the user
// updates; the update is fetched first if the browser has not found it yet.

import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { DAY_MS } from '../lib/durations';
import { updateApp } from '../lib/updateApp';
import { controlThisPage } from '../lib/worker';
import { toast } from './toast';

export function UpdatePrompt({ required = false }: { required?: boolean }) {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW() {
      void controlThisPage();
    },
    onRegisterError(error) {
      console.warn('Offline support is unavailable', error);
    },
  });
  useEffect(() => {
    if (required) {
      toast({
        title: 'Update Manna',
        description: 'This version can no longer sync. Update to keep your devices in step; your changes are kept on this one.',
        durationMs: DAY_MS,
        action: { label: 'Update', onClick: () => void updateApp() },
      });
      return;
    }
    if (!needRefresh) return;
    toast({
      title: 'A new version of Manna is ready',
      description: 'Update when you are not in the middle of a timer.',
      durationMs: 60 * 60 * 1000,
      action: { label: 'Update', onClick: () => void updateServiceWorker(true) },
    });
  }, [required, needRefresh, updateServiceWorker]);
  return null;
}
