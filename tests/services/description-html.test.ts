import { describe, expect, it } from "vitest";
import { sanitizeDescription } from "~/services/catalogue/import.server";

describe("supplier description sanitising", () => {
  it("keeps text structure: paragraphs, emphasis, lists and headings", () => {
    const html = "<h2>Detalles</h2><p>Tela <strong>fresca</strong> y <em>liviana</em></p><ul><li>Talla S</li></ul>";
    expect(sanitizeDescription(html)).toBe(html);
  });

  it("drops scripts, iframes, images, styles and event handlers", () => {
    const html =
      '<p style="color:red" onmouseover="x()">Hola</p><script>steal()</script><iframe src="https://evil.test"></iframe><img src=x onerror=alert(1)>';
    expect(sanitizeDescription(html)).toBe("<p>Hola</p>");
  });

  it("keeps http links with rel noopener and removes javascript: links", () => {
    expect(sanitizeDescription('<a href="https://shop.test/guia" target="_blank">Guía</a>')).toBe(
      '<a href="https://shop.test/guia" rel="noopener noreferrer">Guía</a>',
    );
    expect(sanitizeDescription('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
  });

  it("escapes plain text and keeps its line breaks as paragraphs", () => {
    expect(sanitizeDescription("Uno & dos\nTres\n\nCuatro")).toBe("<p>Uno &amp; dos<br />Tres</p><p>Cuatro</p>");
  });

  it("gives an empty string for a description with nothing safe in it", () => {
    expect(sanitizeDescription("<script>alert(1)</script>")).toBe("");
  });
});
