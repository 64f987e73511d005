import { type DefaultTreeAdapterMap, parseFragment } from 'parse5';

type Node = DefaultTreeAdapterMap['childNode'];

/**
 * Every element and attribute (`name=value`) in HTML as a browser parses it, a template's content
 * included: what a sanitizer's or a renderer's output really holds, whatever its text looks like.
 */
export function parsedHtml(html: string): { tags: string[]; attributes: string[] } {
  const tags: string[] = [];
  const attributes: string[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (!('tagName' in node)) continue;
      tags.push(node.tagName);
      for (const attribute of node.attrs) attributes.push(`${attribute.name}=${attribute.value}`);
      walk(node.childNodes);
      if (node.tagName === 'template' && 'content' in node)
        walk((node as DefaultTreeAdapterMap['template']).content.childNodes);
    }
  };
  walk(parseFragment(html).childNodes);
  return { tags, attributes };
}
