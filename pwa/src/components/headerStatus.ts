// What the app shows at the end of every page header (the sync badge, given
// by the app shell): Home's header and PageHeader read it.

import { createContext, type ReactNode } from 'react';

export const HeaderStatus = createContext<ReactNode>(null);
