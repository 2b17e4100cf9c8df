import * as z from 'zod/mini';

// Apart from common.ts: the feedback widget's schemas hold no list of strings, and a module-level
// schema a bundle does not use is still kept when its module is (building one is a call).

export const stringArray = /*@__PURE__*/ z.array(/*@__PURE__*/ z.string());
