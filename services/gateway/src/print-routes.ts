import { readSettings } from '@belegfluss/shared/settings';
import { createApp } from './app';
import { readGatewayOptions } from './config';
import { createGatewayContext } from './main';
import { routeList, routeTable } from './route-list';

// `npm run routes -w @belegfluss/gateway`: the table for the README's "Routes of the gateway". Building the app
// only declares the routes, so neither the database nor Temporal is asked; the timers the context starts end with
// the process.
const gw = createGatewayContext(readSettings(), readGatewayOptions());
console.log(routeTable(routeList(createApp(gw))));
process.exit(0);
