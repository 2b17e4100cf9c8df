// app/define-roadmap.tsx
'use client';
import { define } from '@hearken/roadmap';
import { useEffect } from 'react';

/** Registers `<hearken-roadmap>` once the page is interactive; the server's markup shows until then. */
export function DefineRoadmap() {
  useEffect(() => {
    define();
  }, []);
  return null;
}
