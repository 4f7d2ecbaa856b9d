/**
 * The WHATWG URL class, which both runtimes of this package have (Node and browsers).
 * The package is compiled without DOM or Node types, so it declares the part it uses.
 */
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly host: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly href: string;
}
