// What other parts of the app may use of the reminders: this device's notifications.

export { stateWords, turnOn, useNotificationState, whyNotChanged } from './notifications';
