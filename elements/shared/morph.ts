/**
 * Draws markup into an element IN PLACE: the nodes that are already there and stand where the markup
 * has the same kind of node (same tag and class, or text) are kept and only their attributes and text
 * changed; the others are added or removed. An element drawn from one markup function (a page's first
 * HTML writes the same markup: src/shared/first-paint/) is redrawn this way when its attributes change,
 * so a focused button or a link someone holds stays the same node.
 */
export function morphInto(target: Element, markup: string): void {
  const template = document.createElement('template');
  template.innerHTML = markup;
  morphChildren(target, template.content);
}

const sameKind = (a: Node, b: Node): boolean =>
  a.nodeType === b.nodeType && a.nodeName === b.nodeName && (a.nodeType !== Node.ELEMENT_NODE || (a as Element).getAttribute('class') === (b as Element).getAttribute('class'));

function morphChildren(into: Node, from: Node): void {
  let current = into.firstChild;
  for (const node of [...from.childNodes]) {
    if (current && sameKind(current, node)) {
      morphNode(current, node);
      current = current.nextSibling;
    } else into.insertBefore(node, current);
  }
  while (current) {
    const next = current.nextSibling;
    into.removeChild(current);
    current = next;
  }
}

function morphNode(node: Node, like: Node): void {
  if (node.nodeType !== Node.ELEMENT_NODE) {
    if (node.nodeValue !== like.nodeValue) node.nodeValue = like.nodeValue;
    return;
  }
  const element = node as Element;
  const model = like as Element;
  for (const { name } of [...element.attributes]) if (!model.hasAttribute(name)) element.removeAttribute(name);
  for (const { name, value } of [...model.attributes]) if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  morphChildren(element, model);
}
