/**
 * The Properties dialog's Share tab (#29; a checklist, with the action table's `share`): the checklist's
 * share links — anyone with one fills the checklist in without an account — each with its name, when and
 * by whom it was made, its end (and 'Expired' once passed), its QR code and what to copy (./share-snippets.ts:
 * the address, the one-line script embed, the iframe embed), and Revoke with a confirmation. 'New Share
 * Link' makes one (a name, an optional end). Every change is made at once, not by the dialog's Save.
 *
 * The tab sits inside the dialog's form: its fields are not a form of their own (Enter in them makes a
 * link, never saves the dialog) and carry no `required` (Shoelace would block Save on them).
 */
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlInput from '@shoelace-style/shoelace/dist/react/input/index.js';
import SlSpinner from '@shoelace-style/shoelace/dist/react/spinner/index.js';
import type SlButtonElement from '@shoelace-style/shoelace/dist/components/button/button.component.js';
import { useEffect, useId, useRef, useState } from 'react';
import { api, problemText } from '../../../src/client/api.ts';
import { formatDateTime } from '../../../src/client/time-format.ts';
import { MAX_SHARE_LINK_NAME_LENGTH, type ShareLink } from '../../../src/shared/api/share-links.ts';
import { ErrorText } from '../../shared/ErrorText.tsx';
import { useTask } from '../../shared/use-task.ts';
import { EMBED_ORIGINS_HINT, expiresAtOf, isExpired, shareSnippets } from './share-snippets.ts';

export const NO_SHARE_LINKS = 'No share links yet. Anyone with a share link can fill in this checklist without an account.';

export function ShareTab({ documentId, documentName }: { documentId: string; documentName: string }) {
  const [links, setLinks] = useState<ShareLink[] | { error: string } | undefined>();
  // What was just done (made, copied, revoked), said here rather than in a toast over the Copy buttons (issue #43).
  const [said, say] = useState<{ kind: 'success' | 'error'; text: string } | undefined>();

  useEffect(() => {
    let live = true;
    Promise.all([api.documentation.shareLinks(documentId), import('../../../elements/rb-qr-code/rb-qr-code.ts')]).then(
      ([list]) => live && setLinks(list.results),
      (err: unknown) => live && setLinks({ error: problemText(err, 'The share links could not be loaded.') }),
    );
    return () => {
      live = false;
    };
  }, [documentId]);

  const list = Array.isArray(links) ? links : [];
  let body;
  if (!links) body = <SlSpinner aria-label="Loading share links" />;
  else if (!Array.isArray(links)) {
    body = (
      <p className="error-text" role="alert">
        {links.error}
      </p>
    );
  } else if (links.length === 0) body = <p className="hint">{NO_SHARE_LINKS}</p>;
  else {
    body = (
      <ul className="share-link-list" aria-label="Share links">
        {links.map((link) => (
          <ShareLinkEntry
            key={link.id}
            documentId={documentId}
            documentName={documentName}
            link={link}
            say={say}
            onRevoked={() => setLinks(list.filter((l) => l.id !== link.id))}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="share-tab">
      <NewShareLink documentId={documentId} say={say} onCreated={(link) => setLinks([link, ...list])} />
      <p className={`share-status${said?.kind === 'error' ? ' error-text' : ''}`} role="status" aria-live="polite">
        {said?.text}
      </p>
      {body}
    </div>
  );
}

/** 'New Share Link': a name and an optional end; the link is made at once and shown first. */
type Say = (news: { kind: 'success' | 'error'; text: string }) => void;

function NewShareLink({ documentId, say, onCreated }: { documentId: string; say: Say; onCreated: (link: ShareLink) => void }) {
  const headingId = useId();
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const { busy, error, setError, run } = useTask();
  const ready = name.trim() !== '' && !busy;

  async function create() {
    if (!ready) return;
    const expiresAt = expiresAtOf(expires);
    if (expiresAt === undefined) {
      setError('Expires: enter a date and time, or leave it empty');
      return;
    }
    await run(async () => {
      const link = await api.documentation.createShareLink(documentId, { name: name.trim(), expires_at: expiresAt });
      onCreated(link);
      setName('');
      setExpires('');
      say({ kind: 'success', text: `Share Link: ${link.name} Created` });
    });
  }

  // Enter makes the link: the dialog's form around the tab must not take it as Save.
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void create();
  };

  return (
    <section className="share-new" aria-labelledby={headingId}>
      <h3 id={headingId} className="share-heading">
        New Share Link
      </h3>
      <div className="share-new-fields">
        <SlInput
          label="Name"
          help-text="Who or where it is for, e.g. 'Front door' (shown as the author of its submissions)"
          value={name}
          maxlength={MAX_SHARE_LINK_NAME_LENGTH}
          onSlInput={(e) => setName((e.target as HTMLInputElement).value)}
          onKeyDown={onKeyDown}
        />
        <SlInput
          label="Expires (optional)"
          type="datetime-local"
          value={expires}
          onSlInput={(e) => setExpires((e.target as HTMLInputElement).value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <ErrorText text={error} />
      <SlButton variant="primary" disabled={!ready} loading={busy} onClick={() => void create()}>
        Create Link
      </SlButton>
    </section>
  );
}

/** One link: its facts, its QR code, what to copy, and Revoke (asked again before it is done). */
function ShareLinkEntry({ documentId, documentName, link, say, onRevoked }: { documentId: string; documentName: string; link: ShareLink; say: Say; onRevoked: () => void }) {
  const nameId = useId();
  const snippets = shareSnippets(link, documentName);
  const expired = isExpired(link);
  return (
    <li className="share-link" aria-labelledby={nameId} data-expired={expired}>
      <rb-qr-code className="share-link-qr" value={link.url} size={120} />
      <div className="share-link-body">
        <p className="share-link-name" id={nameId}>
          {link.name}
          {expired && <span className="share-link-expired"> Expired</span>}
        </p>
        <ShareLinkDates link={link} expired={expired} />
        <CopyField label="Address" what="Address" linkName={link.name} value={snippets.address} say={say} />
        <CopyField label="Script embed" what="Script embed" linkName={link.name} value={snippets.script} say={say} />
        <CopyField label="Iframe embed" what="Iframe embed" linkName={link.name} value={snippets.iframe} say={say} />
        <p className="hint">{EMBED_ORIGINS_HINT}</p>
        <RevokeLink documentId={documentId} link={link} say={say} onRevoked={onRevoked} />
      </div>
    </li>
  );
}

/** When the link was made and by whom, and when it expires (or expired). */
function ShareLinkDates({ link, expired }: { link: ShareLink; expired: boolean }) {
  return (
    <p className="hint">
      Created <time dateTime={link.created_at}>{formatDateTime(link.created_at)}</time>
      {link.created_by_username ? ` by ${link.created_by_username}` : ''}
      {' · '}
      {link.expires_at ? (
        <>
          {expired ? 'Expired ' : 'Expires '}
          <time dateTime={link.expires_at}>{formatDateTime(link.expires_at)}</time>
        </>
      ) : (
        'Never expires'
      )}
    </p>
  );
}

/** Revoke, asked again before it is done; a refusal shows above the question. */
function RevokeLink({ documentId, link, say, onRevoked }: { documentId: string; link: ShareLink; say: Say; onRevoked: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = useTask();
  const confirmButton = useRef<SlButtonElement>(null);
  const revokeButton = useRef<SlButtonElement>(null);
  const asked = useRef(false);

  // The focus follows the question: to 'Revoke Link' when asked, back to 'Revoke' when kept. A button just
  // mounted renders its inner button a moment later: its focus() waits for that.
  useEffect(() => {
    const button = confirming ? confirmButton.current : asked.current ? revokeButton.current : null;
    asked.current ||= confirming;
    void button?.updateComplete.then(() => button.focus());
  }, [confirming]);

  async function revoke() {
    await run(
      async () => {
        await api.documentation.revokeShareLink(documentId, link.id);
        say({ kind: 'success', text: `Share Link: ${link.name} Revoked` });
        onRevoked();
      },
      { leaves: true },
    );
  }

  return (
    <>
      <ErrorText text={error} />
      {confirming ? (
        <div className="share-revoke-confirm" role="group" aria-label={`Revoke ${link.name}?`}>
          <p>Revoke {link.name}? Its address, QR codes and embeds stop working at once.</p>
          <SlButton ref={confirmButton} size="small" variant="danger" loading={busy} onClick={() => void revoke()}>
            Revoke Link
          </SlButton>
          <SlButton size="small" disabled={busy} onClick={() => setConfirming(false)}>
            Keep Link
          </SlButton>
        </div>
      ) : (
        <SlButton ref={revokeButton} size="small" variant="danger" outline onClick={() => setConfirming(true)}>
          Revoke<span className="visually-hidden"> {link.name}</span>
        </SlButton>
      )}
    </>
  );
}

/** A read-only field with what to copy, and its Copy button. */
function CopyField({ label, what, linkName, value, say }: { label: string; what: string; linkName: string; value: string; say: Say }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      say({ kind: 'success', text: `${what} of ${linkName} copied` });
    } catch {
      say({ kind: 'error', text: `${what} could not be copied: select it and copy it yourself` });
    }
  }
  return (
    <div className="share-copy">
      <SlInput size="small" label={label} value={value} readonly onFocus={(e) => e.target.select()} />
      {/* The button's name is its slotted text (Shoelace's inner button does not take the host's aria-label). */}
      <SlButton size="small" onClick={() => void copy()}>
        Copy<span className="visually-hidden"> {`${what.toLowerCase()} of ${linkName}`}</span>
      </SlButton>
    </div>
  );
}
