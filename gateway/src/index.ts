export { buildGateway, type Gateway, type GatewayDeps } from './app';
export * from './config';
export { ROUTE_TABLE, resolveService, routePrefixOf, SERVICE_NAMES, type ServiceName } from './routes';
