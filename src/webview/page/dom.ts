/** DOM builders for the page: elements with text content only, and MathML from the model's tree. */
import { MATHML_ELEMENTS, type MathNode } from '../../core/document/index';

const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';

/** MathML elements from the model's tree; names outside MathML become mrow (the model already allows only MathML). */
export function mathElement(node: MathNode): Element {
  const element = document.createElementNS(MATHML_NS, MATHML_ELEMENTS.has(node.name) ? node.name : 'mrow');
  for (const [name, value] of Object.entries(node.attributes)) element.setAttribute(name, value);
  for (const child of node.children) element.append(typeof child === 'string' ? document.createTextNode(child) : mathElement(child));
  return element;
}

export function el(tag: string, className?: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
