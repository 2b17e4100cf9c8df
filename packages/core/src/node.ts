/** Node-only helpers the proxy and the server share (they import Node built-ins; browsers never load this entry). */
export {
  type ClientErrorListener,
  clientErrorListener,
  type ParserRefusal,
  type ParserRefusalAnswer,
  resolvedPath,
} from './node/client-error.ts';
