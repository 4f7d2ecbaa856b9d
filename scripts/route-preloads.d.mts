export interface LandingRoute {
  paths: string[];
  modules: string[];
  signedIn?: boolean;
}
export interface RoutePreload {
  paths: string[];
  signedIn?: boolean;
  js: string[];
  css: string[];
}
export const LANDING_ROUTES: LandingRoute[];
export function routePreloads(opts: {
  dist: string;
  routes?: LandingRoute[];
  language?: string;
}): RoutePreload[];
