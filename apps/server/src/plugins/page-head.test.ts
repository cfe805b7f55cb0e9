import { describe, expect, it } from 'vitest';
import { withPageHead } from './page-head';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="old" />
    <title>Old title</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('withPageHead', () => {
  it('titles and describes a public page and adds Open Graph tags with absolute URLs', () => {
    const html = withPageHead(INDEX, '/browse', 'https://accountry.example/');
    expect(html).toContain('<title>Browse accounts · Accountry</title>');
    expect(html).toContain(
      '<meta name="description" content="Search and filter game, social-media and streaming accounts for sale by price, platform and region." />',
    );
    expect(html).toContain('<meta property="og:title" content="Browse accounts · Accountry" />');
    expect(html).toContain('<meta property="og:url" content="https://accountry.example/browse" />');
    expect(html).toContain('<meta property="og:image" content="https://accountry.example/logo.png" />');
    expect(html).not.toContain('Old title');
  });

  it('gives a page behind sign-in its title and no preview tags', () => {
    const html = withPageHead(INDEX, '/listing-management/new', 'http://localhost:3000');
    expect(html).toContain('<title>New listing · Accountry</title>');
    expect(html).not.toContain('og:');
  });

  it('escapes the path it echoes into the page', () => {
    const html = withPageHead(INDEX, '/browse"><script>', 'http://localhost:3000');
    expect(html).not.toContain('<script>');
  });
});
