// What other parts of the app may use of accounts.

export { AccountLink } from './AccountLink';
export { me, ME_KEY } from './me';
export { deleteAccount, type DeletionProof } from './session';
