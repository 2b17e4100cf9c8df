/** Node-only helpers the proxy and the server share; they import Node built-ins, so no browser bundle takes them. */
export {
  type ClientErrorListener,
  clientErrorListener,
  type ParserRefusal,
  type ParserRefusalAnswer,
  resolvedPath,
} from './node/client-error.ts';
