// What other parts of the app may use of accounts.

export { AccountLink } from './AccountLink';
