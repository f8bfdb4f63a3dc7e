// Trying a refused change again (see sync/saveAgain.ts) and saying how it
// went: saved (it syncs shortly), or why it still cannot be, in the page's
// words, so the user can discard it knowing why.

import type { FieldError } from '../generated/records';
import { refusalInWords, type FieldLabels } from './refusalWords';
import { toast } from './toast';

/** Answers whether `save` kept the change on this device. */
export async function tryAgain(named: string, save: () => Promise<FieldError | undefined>, labels?: FieldLabels): Promise<boolean> {
  try {
    const refusal = await save();
    if (!refusal) {
      toast({ title: 'Saved Again', description: `Saved on this device, to sync shortly: ${named}.` });
      return true;
    }
    toast({ title: 'Still Not Saved', description: `${refusalInWords(refusal, labels)} It cannot be saved as it is, so you may discard it.`, variant: 'destructive' });
  } catch (e) {
    console.error('Saving a refused change again failed', e);
    toast({ title: 'Error', description: 'This change could not be saved on this device. Please try again.', variant: 'destructive' });
  }
  return false;
}
