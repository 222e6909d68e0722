/** A problem in words (the server's {detail}, a refusal), read out as it appears; nothing when there is none. */
export function ErrorText({ text, id, className = 'error-text' }: { text: string | undefined; id?: string; className?: string }) {
  if (!text) return null;
  return (
    <p className={className} role="alert" id={id}>
      {text}
    </p>
  );
}
