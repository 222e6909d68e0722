/** EMBED_ORIGINS as the server reads it at start (src/server/http/cors.ts): origins only, refused otherwise. */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../../src/server/config.ts';
import { parseEmbedOrigins } from '../../../../src/server/http/cors.ts';

describe('parseEmbedOrigins', () => {
  it('reads comma-separated origins, in the form browsers send them (lower-case host, no default port, no slash)', () => {
    expect(parseEmbedOrigins(undefined)).toEqual([]);
    expect(parseEmbedOrigins('')).toEqual([]);
    expect(parseEmbedOrigins(' https://Intranet.Example.com:443/ , http://127.0.0.1:5173,https://a.example')).toEqual([
      'https://intranet.example.com',
      'http://127.0.0.1:5173',
      'https://a.example',
    ]);
    expect(parseEmbedOrigins('https://a.example, https://a.example/')).toEqual(['https://a.example']);
  });

  it.each(['*', 'null', 'intranet.example.com', 'https://a.example/page', 'https://a.example?x=1', 'https://user@a.example', 'ftp://a.example', 'https://a.example,,https://b.example'])(
    'refuses %s, naming the variable',
    (value) => {
      expect(() => parseEmbedOrigins(value)).toThrow(/EMBED_ORIGINS/);
    },
  );

  it('is part of the configuration: unset, none', () => {
    expect(readConfig({}).embedOrigins).toEqual([]);
    expect(readConfig({ EMBED_ORIGINS: 'https://cms.example' }).embedOrigins).toEqual(['https://cms.example']);
    expect(() => readConfig({ EMBED_ORIGINS: 'https://cms.example/path' })).toThrow(/EMBED_ORIGINS/);
  });
});
