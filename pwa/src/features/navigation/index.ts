// What the app shell uses of the tabs: the bar. The hubs' pages load on demand
// from HubPage (the route table names them).

export { TabBar } from './TabBar';
