/**
 * Addresses for outside the browser (issue #29): every QR code and every link the app hands out for
 * others to open starts with the server's PUBLIC_URL, which `auth/me` carries (`public_url`), never with
 * this page's origin — an admin on an internal host name (or an IP address) would otherwise print codes
 * that nobody else can open. auth/me is the read every signed-in page makes first: no request is added.
 */
import { signedInUser } from './signed-in-user.ts';

/** `{publicUrl}{path}` for a path of this site ('/documentation/view/…'); a whole address is kept as it is. */
export function publicAddressOf(publicUrl: string, path: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(path)) return path;
  return `${publicUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The public address of a path of this site, once the signed-in user (and so PUBLIC_URL) is known. */
export async function publicAddress(path: string): Promise<string> {
  return publicAddressOf((await signedInUser()).public_url, path);
}
