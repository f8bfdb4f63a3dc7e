/** The app's IndexedDB database. */
export const DB_NAME = 'manna';
