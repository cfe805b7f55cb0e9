import { describe, expect, it } from 'vitest';
import { linkify, safeHref } from './chat-links';

describe('linkify', () => {
  it.each([
    ['plain text', 'no links here', [{ type: 'text', text: 'no links here' }]],
    [
      'a link in a sentence',
      'see https://example.com/a?b=1 now',
      [
        { type: 'text', text: 'see ' },
        { type: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
        { type: 'text', text: ' now' },
      ],
    ],
    [
      'trailing punctuation stays text',
      'go to http://example.com.',
      [
        { type: 'text', text: 'go to ' },
        { type: 'link', text: 'http://example.com', href: 'http://example.com/' },
        { type: 'text', text: '.' },
      ],
    ],
    [
      'an unmatched closing bracket stays text',
      '(https://example.com/x)',
      [
        { type: 'text', text: '(' },
        { type: 'link', text: 'https://example.com/x', href: 'https://example.com/x' },
        { type: 'text', text: ')' },
      ],
    ],
    [
      'a balanced bracket belongs to the link',
      'https://en.wikipedia.org/wiki/Foo_(bar)',
      [
        {
          type: 'link',
          text: 'https://en.wikipedia.org/wiki/Foo_(bar)',
          href: 'https://en.wikipedia.org/wiki/Foo_(bar)',
        },
      ],
    ],
    [
      'www. links get https',
      'www.example.org',
      [{ type: 'link', text: 'www.example.org', href: 'https://www.example.org/' }],
    ],
    ['javascript: is never a link', 'javascript:alert(1)', [{ type: 'text', text: 'javascript:alert(1)' }]],
    ['data: is never a link', 'data:text/html,<b>x</b>', [{ type: 'text', text: 'data:text/html,<b>x</b>' }]],
    [
      'markup is text, not a tag',
      '<a href="https://evil.test">x</a>',
      [
        { type: 'text', text: '<a href="' },
        { type: 'link', text: 'https://evil.test', href: 'https://evil.test/' },
        { type: 'text', text: '">x</a>' },
      ],
    ],
    [
      'two links',
      'http://a.test and https://b.test',
      [
        { type: 'link', text: 'http://a.test', href: 'http://a.test/' },
        { type: 'text', text: ' and ' },
        { type: 'link', text: 'https://b.test', href: 'https://b.test/' },
      ],
    ],
  ])('%s', (_name, input, expected) => {
    expect(linkify(input)).toEqual(expected);
  });

  it('keeps every character of the input, in order', () => {
    const input = 'a https://x.test/(y) b www.z.test, c';
    expect(
      linkify(input)
        .map((p) => p.text)
        .join(''),
    ).toBe(input);
  });
});

describe('safeHref', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['HTTP://EXAMPLE.COM/A', 'http://example.com/A'],
    ['https://user:pw@example.com', null],
    ['ftp://example.com', null],
    ['javascript:alert(1)', null],
    ['https://', null],
  ])('%s → %s', (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
});
