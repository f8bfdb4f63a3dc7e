// Who this browser is: its user id, its registration as a device, and the
// moves between an anonymous user and an account.

export { deviceToken, newUserId, userId, DEVICE_ID_KEY, DEVICE_TOKEN_KEY, USER_ID_KEY } from './ids';
export { adoptAccount, catchUpIdentity, ensureDevice, leaveAccount } from './device';
