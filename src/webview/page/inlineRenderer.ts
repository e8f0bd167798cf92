/**
 * Inline content as DOM: text nodes and a few elements, links that call back into the host (never navigate), math
 * and images (from the service's origin only). The base of the renderers: it owns the page's anchors.
 */
import { flowText, formulaText, type Image, type Inline, type Math } from '../../core/document/index';
import { el, mathElement } from './dom';
import type { RenderQueue } from './renderQueue';
import { t } from './words';

export interface RenderLinks {
  openClause(target: string): void;
  revealStandard(urn: string): void;
  /** A bibliography entry's identifier without a URN, looked up in the catalogue by the host. */
  findReference(citation: string): void;
}

const NOTATION_NAMES = { asciimath: 'AsciiMath', latex: 'LaTeX', text: '' } as const;

const STYLE_TAGS: Record<string, [string, string | undefined]> = {
  emphasis: ['em', undefined],
  strong: ['strong', undefined],
  sub: ['sub', undefined],
  sup: ['sup', undefined],
  code: ['code', undefined],
  smallcaps: ['span', 'smallcaps'],
  underline: ['u', undefined],
  strike: ['s', undefined],
};

export abstract class InlineRenderer {
  /** Anchors of this page (identifiers of its blocks), for cross-references that point into the page. */
  protected readonly anchors = new Map<string, HTMLElement>();

  constructor(
    protected readonly queue: RenderQueue,
    protected readonly links: RenderLinks,
    /** The service's origin: the only place images load from (besides data: images in the body). */
    protected readonly imageOrigin?: string,
    /** Base URL for relative image addresses (the clause `@id`). */
    protected readonly imageBase?: string,
  ) {}

  /** Inline content: text nodes and a few elements, never markup. */
  inlineInto<T extends HTMLElement>(target: T, flow: readonly Inline[]): T {
    for (const part of flow) {
      if (typeof part === 'string') {
        target.append(document.createTextNode(part));
        continue;
      }
      switch (part.kind) {
        case 'style':
          target.append(this.inlineInto(el(STYLE_TAGS[part.style][0], STYLE_TAGS[part.style][1]), part.children));
          break;
        case 'link': {
          const text = flowText(part.children) || 'reference';
          const to = part.target;
          if (to.kind === 'clause')
            target.append(
              this.inlineInto(
                this.link('', () => this.follow(to.target), ''),
                part.children.length ? part.children : [text],
              ),
            );
          else if (to.kind === 'standard')
            target.append(
              this.inlineInto(
                this.link('', () => this.links.revealStandard(to.urn), to.urn),
                part.children,
              ),
            );
          else if (to.kind === 'external') {
            // Shown with its address; the page never navigates away.
            const span = this.inlineInto(el('span', 'external-link'), part.children);
            span.title = to.href;
            target.append(span);
          } else target.append(this.inlineInto(el('span', 'citation'), part.children));
          break;
        }
        case 'math':
          target.append(this.math(part.math, false));
          break;
        case 'footnote': {
          const sup = el('sup', 'footnote-ref');
          sup.append(
            this.link(part.marker, () => this.anchors.get(`footnote:${part.marker}`)?.scrollIntoView({ block: 'center' }), t('Footnote {0}', part.marker)),
          );
          target.append(sup);
          break;
        }
        case 'break':
          target.append(el('br'));
          break;
        case 'image':
          target.append(this.image(part.image));
          break;
      }
    }
    return target;
  }

  /** A cross-reference: to a block on this page when it is here, else to the clause it names. */
  protected follow(target: string): void {
    const here = this.anchors.get(target.replace(/^#/, ''));
    if (here) {
      here.scrollIntoView({ block: 'start' });
      return;
    }
    this.links.openClause(target);
  }

  protected link(label: string, action: () => void, title: string): HTMLElement {
    const a = el('a', 'link', label || undefined);
    a.setAttribute('href', '#');
    a.setAttribute('role', 'link');
    if (title) a.title = title;
    a.addEventListener('click', (event) => {
      event.preventDefault();
      action();
    });
    return a;
  }

  protected math(math: Math, display: boolean): Element {
    if (math.notation === 'mathml') {
      const root = mathElement(math.root.name === 'math' ? math.root : { name: 'math', attributes: {}, children: [math.root] });
      if (display) root.setAttribute('display', 'block');
      if (math.source) root.setAttribute('title', `${NOTATION_NAMES[math.source.notation]}: ${math.source.text}`);
      return root;
    }
    // Readable text; the source as written in the tooltip.
    const code = el('code', display ? 'formula-source block' : 'formula-source', formulaText(math));
    if (NOTATION_NAMES[math.notation]) code.title = `${NOTATION_NAMES[math.notation]}: ${math.source}`;
    return code;
  }

  protected image(image: Image): HTMLElement {
    const src = this.allowedImage(image.src);
    if (!src) {
      return el('span', 'image-blocked', `[Image not shown: it is not served by the Standards service${image.alt ? ` — ${image.alt}` : ''}]`);
    }
    const img = el('img') as HTMLImageElement;
    img.alt = image.alt;
    img.src = src;
    img.loading = 'lazy';
    return img;
  }

  /** The address to load, when the image is the service's (same origin) or embedded as data:image/…. */
  protected allowedImage(src: string): string | undefined {
    if (/^data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,]/i.test(src)) return src;
    if (!this.imageOrigin) return undefined;
    try {
      const url = new URL(src, this.imageBase ?? this.imageOrigin);
      return url.origin === this.imageOrigin && /^https?:$/.test(url.protocol) ? url.href : undefined;
    } catch {
      return undefined;
    }
  }

  protected anchor<T extends HTMLElement>(element: T, anchor: string | undefined): T {
    if (anchor && !this.anchors.has(anchor)) this.anchors.set(anchor, element);
    return element;
  }
}
