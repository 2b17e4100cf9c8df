import { safeUrl } from '@hearken/ui';
import { useState } from 'preact/hooks';

interface Props {
  url: string | null | undefined;
  class: string;
  width?: number;
  height?: number;
  loading?: 'lazy';
}

/**
 * An image from the service's data (https only, no referrer). One that fails to load is dropped
 * rather than shown as a broken image: the URLs are the workspace's, outside the host's control.
 */
export function RemoteImage({ url, ...attributes }: Props) {
  const src = safeUrl(url, 'image');
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return null;
  return <img {...attributes} alt="" src={src} referrerpolicy="no-referrer" onError={() => setFailed(src)} />;
}
