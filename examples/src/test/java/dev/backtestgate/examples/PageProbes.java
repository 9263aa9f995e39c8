package dev.backtestgate.examples;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.JavascriptExecutor;

/**
 * What the browser tests measure on a loaded page, as scripts run in the page: layout read from the browser
 * (bounding boxes, computed styles), never from the markup alone.
 *
 * <pre>{@code
 * List<String> clipped = PageProbes.textOverflow(driver);   // empty when every text fits its box
 * }</pre>
 */
final class PageProbes {
  /** Layout slack in CSS pixels: sub-pixel rounding, never a clipped glyph. */
  static final double TOLERANCE = 1.0;

  private static final String DESCRIBE = """
      const describe = (el) => {
        const id = el.id ? '#' + el.id : '';
        const cls = el.getAttribute('class') ? '.' + el.getAttribute('class').trim().replace(/\\s+/g, '.') : '';
        return el.tagName.toLowerCase() + id + cls;
      };
      const snippet = (t) => JSON.stringify(t.replace(/\\s+/g, ' ').trim().slice(0, 60));
      const fmt = (r) => '[' + [r.left, r.top, r.right, r.bottom].map(v => v.toFixed(1)).join(', ') + ']';
      """;

  /**
   * Every text that does not fit: an SVG label outside its SVG's viewBox, a text run outside the padding box of the
   * element that lays it out (the nearest ancestor that is not inline), an inline-block box outside its container,
   * and any element that clips or scrolls its content sideways except the marked scroll regions.
   */
  private static final String TEXT_OVERFLOW = DESCRIBE + """
      const tol = arguments[0];
      const problems = [];
      const outside = (r, b) => r.left < b.left - tol || r.right > b.right + tol || r.top < b.top - tol
          || r.bottom > b.bottom + tol;
      const paddingBox = (el) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return {left: r.left + parseFloat(s.borderLeftWidth), right: r.right - parseFloat(s.borderRightWidth),
            top: r.top + parseFloat(s.borderTopWidth), bottom: r.bottom - parseFloat(s.borderBottomWidth)};
      };
      for (const svg of document.querySelectorAll('svg')) {
        const box = svg.getBoundingClientRect();
        for (const t of svg.querySelectorAll('text')) {
          const r = t.getBoundingClientRect();
          if (r.width > 0 && outside(r, box)) {
            problems.push('SVG label ' + snippet(t.textContent) + ' ' + fmt(r) + ' overflows its chart '
                + describe(svg) + ' ' + fmt(box));
          }
        }
        for (const t of svg.querySelectorAll('text[data-box]')) {
          const container = svg.getElementById(t.getAttribute('data-box'));
          const r = t.getBoundingClientRect();
          if (container && outside(r, container.getBoundingClientRect())) {
            problems.push('SVG label ' + snippet(t.textContent) + ' ' + fmt(r) + ' overflows its box #'
                + container.id + ' ' + fmt(container.getBoundingClientRect()));
          }
        }
      }
      const boxOf = (el) => {
        let c = el;
        while (c && c !== document.body && getComputedStyle(c).display === 'inline') {
          c = c.parentElement;
        }
        return c;
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      while (walker.nextNode()) {
        const node = walker.currentNode;
        const el = node.parentElement;
        if (!node.textContent.trim() || el.closest('svg, title, style, script')) {
          continue;
        }
        let container = boxOf(el);
        range.selectNodeContents(node);
        const b = paddingBox(container);
        for (const r of range.getClientRects()) {
          if (r.width > 0 && outside(r, b)) {
            problems.push('text ' + snippet(node.textContent) + ' ' + fmt(r) + ' overflows ' + describe(container)
                + ' ' + fmt(b));
            break;
          }
        }
        while (container !== document.body && getComputedStyle(container).display.startsWith('inline')) {
          const outer = boxOf(container.parentElement);
          const r = container.getBoundingClientRect();
          if (outside(r, paddingBox(outer))) {
            problems.push(describe(container) + ' ' + snippet(container.textContent) + ' ' + fmt(r) + ' overflows '
                + describe(outer) + ' ' + fmt(paddingBox(outer)));
          }
          container = outer;
        }
      }
      for (const el of document.body.querySelectorAll('*')) {
        const s = getComputedStyle(el);
        if (el.closest('svg') || el.classList.contains('scroll')) {
          continue;
        }
        if ((s.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + tol)
            || (s.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + tol)) {
          problems.push(describe(el) + ' ' + snippet(el.textContent) + ' clips or scrolls its content ('
              + el.scrollWidth + ' x ' + el.scrollHeight + ' in ' + el.clientWidth + ' x ' + el.clientHeight + ')');
        }
      }
      return [...new Set(problems)];
      """;

  /** The page's own horizontal overflow and each chart's width against its container, at the current viewport. */
  private static final String LAYOUT = DESCRIBE + """
      const problems = [];
      const doc = document.documentElement;
      if (doc.scrollWidth > doc.clientWidth + 1) {
        problems.push('the page scrolls sideways: ' + doc.scrollWidth + ' px of content in a ' + doc.clientWidth
            + ' px viewport');
      }
      const main = document.querySelector('main').getBoundingClientRect();
      const right = Math.min(main.right, doc.clientWidth);
      let reported = 0;
      for (const el of document.querySelectorAll('body *')) {
        if ((el.closest('.scroll') && !el.classList.contains('scroll')) || el.closest('svg')) {
          continue;
        }
        const r = el.getBoundingClientRect();
        // the innermost elements that stick out say the most: skip one whose child sticks out as far
        const child = [...el.children].some(c => c.tagName.toLowerCase() !== 'svg'
            && c.getBoundingClientRect().right >= r.right - 0.5 && !(el.classList.contains('scroll')));
        if (r.width > 0 && (r.right > right + 1 || r.left < main.left - 1) && !child && reported++ < 5) {
          problems.push(describe(el) + ' ' + snippet(el.textContent) + ' [' + r.left.toFixed(0) + ', '
              + r.right.toFixed(0) + '] sticks out of the page [' + main.left.toFixed(0) + ', ' + right.toFixed(0)
              + ']');
        }
      }
      if (doc.scrollWidth > doc.clientWidth + 1 && reported === 0) {
        // nothing in the flow sticks out: name whatever reaches past the viewport
        for (const el of document.querySelectorAll('body *')) {
          const r = el.getBoundingClientRect();
          if (r.right > doc.clientWidth + 1 && reported++ < 5) {
            problems.push(describe(el) + ' ' + snippet(el.textContent) + ' reaches ' + r.right.toFixed(0) + ' px');
          }
        }
      }
      for (const svg of document.querySelectorAll('svg')) {
        const r = svg.getBoundingClientRect();
        const parent = svg.parentElement.getBoundingClientRect();
        // a finding's chart is drawn at its own size and scrolls in its own box; a chart may stop at its max-width
        const own = svg.closest('.scroll') !== null;
        const cap = parseFloat(getComputedStyle(svg).maxWidth);
        const fills = r.width >= 0.95 * parent.width - 1 || (cap > 0 && r.width >= cap - 1);
        if (r.height <= 0 || (!own && (!fills || r.width > parent.width + 1))) {
          problems.push('chart ' + describe(svg) + ' is ' + r.width.toFixed(0) + ' x ' + r.height.toFixed(0)
              + ' px in a ' + parent.width.toFixed(0) + ' px container: it does not scale with the page');
        }
      }
      return problems;
      """;

  /**
   * Every visible text run whose colour fails WCAG AA against what lies behind it: 4.5:1, or 3:1 for large text
   * (24 px, or 18.66 px bold). Behind an SVG label is the topmost filled shape under its centre, else the nearest
   * HTML background; semi-transparent backgrounds are composed over what lies under them.
   */
  private static final String CONTRAST = DESCRIBE + """
      const problems = [];
      const parse = (c) => {
        const m = c.match(/rgba?\\(([^)]+)\\)/);
        if (!m) return null;
        const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
        return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
      };
      const over = (top, bottom) => ({r: top.r * top.a + bottom.r * (1 - top.a),
          g: top.g * top.a + bottom.g * (1 - top.a), b: top.b * top.a + bottom.b * (1 - top.a), a: 1});
      const htmlBackground = (el) => {
        const layers = [];
        for (let e = el; e; e = e.parentElement) {
          const c = parse(getComputedStyle(e).backgroundColor);
          if (c && c.a > 0) {
            layers.push(c);
            if (c.a >= 1) break;
          }
        }
        let colour = {r: 255, g: 255, b: 255, a: 1};
        for (let i = layers.length - 1; i >= 0; i--) colour = over(layers[i], colour);
        return colour;
      };
      const svgBackground = (t) => {
        const r = t.getBoundingClientRect();
        const stack = document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const base = htmlBackground(t.closest('svg').parentElement);
        for (const e of stack) {
          if (e === t || !(e instanceof SVGGeometryElement) || e.tagName === 'line' || e.tagName === 'path') continue;
          const s = getComputedStyle(e);
          const fill = parse(s.fill);
          if (fill && s.fill !== 'none') {
            fill.a = fill.a * parseFloat(s.fillOpacity) * parseFloat(s.opacity);
            return over(fill, base);
          }
        }
        return base;
      };
      const lum = (c) => {
        const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
      };
      const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
      const check = (el, text, fg, bg) => {
        const s = getComputedStyle(el);
        const size = parseFloat(s.fontSize);
        const large = size >= 24 || (size >= 18.66 && parseInt(s.fontWeight) >= 700);
        const need = large ? 3 : 4.5;
        const got = ratio(over(fg, bg), bg);
        if (got < need) {
          problems.push(describe(el) + ' ' + snippet(text) + ': contrast ' + got.toFixed(2) + ':1, needs '
              + need + ':1 (' + s.fontSize + ')');
        }
      };
      for (const t of document.querySelectorAll('svg text')) {
        const s = getComputedStyle(t);
        const fill = parse(s.fill);
        if (fill) check(t, t.textContent, fill, svgBackground(t));
      }
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const node = walker.currentNode;
        const el = node.parentElement;
        if (!node.textContent.trim() || el.closest('svg')) continue;
        const fg = parse(getComputedStyle(el).color);
        check(el, node.textContent, fg, htmlBackground(el));
      }
      return [...new Set(problems)];
      """;

  /**
   * Every SVG text drawn out of proportion to the page's body text (its rendered size, the font size times the
   * chart's scale on screen, outside 0.8 to 1.25 times the body's), and every two texts of one SVG whose boxes
   * overlap by more than a pixel each way.
   */
  private static final String SVG_TEXT = DESCRIBE + """
      const problems = [];
      const body = parseFloat(getComputedStyle(document.body).fontSize);
      for (const svg of document.querySelectorAll('svg')) {
        const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim() && t.getBBox().width > 0);
        for (const t of texts) {
          const m = t.getScreenCTM();
          const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
          const ratio = size / body;
          if (ratio < 0.8 || ratio > 1.25) {
            problems.push(describe(svg) + ' ' + snippet(t.textContent) + ' drawn at ' + size.toFixed(1)
                + ' px, ' + ratio.toFixed(2) + ' times the body text (' + body + ' px)');
          }
        }
        const boxes = texts.map(t => [t, t.getBoundingClientRect()]);
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i][1], b = boxes[j][1];
            const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (w > 1 && h > 1) {
              problems.push(describe(svg) + ' ' + snippet(boxes[i][0].textContent) + ' ' + fmt(a) + ' overlaps '
                  + snippet(boxes[j][0].textContent) + ' ' + fmt(b));
            }
          }
        }
      }
      return problems;
      """;

  private PageProbes() {}

  /** SVG texts out of proportion to the body text, or overlapping each other ({@link #SVG_TEXT}). */
  static List<String> svgText(JavascriptExecutor page) {
    return strings(page.executeScript(SVG_TEXT));
  }

  /** The scroll regions that scroll at the current width: on a desktop screen, none should. */
  static List<String> scrollingRegions(JavascriptExecutor page) {
    return strings(page.executeScript(DESCRIBE + """
        return [...document.querySelectorAll('.scroll')].filter(el => el.scrollWidth > el.clientWidth + 1)
            .map(el => describe(el) + ' ' + snippet(el.getAttribute('aria-label') || '') + ' scrolls: '
                + el.scrollWidth + ' px of content in ' + el.clientWidth + ' px');
        """));
  }

  static List<String> textOverflow(JavascriptExecutor page) {
    return strings(page.executeScript(TEXT_OVERFLOW, TOLERANCE));
  }

  /**
   * Every identifier (a feature, table, partition or key name: {@code .id}, and any monospaced table cell) with a word
   * laid out on more than one line, the rows past a long table's first ones shown too: a name broken inside a word
   * ("balan ce") reads as two names. A word is a run of letters and digits (a long name may break after its
   * {@code _ . - / = :}); its line boxes are the distinct tops of the rectangles of a {@code Range} over it.
   */
  private static final String IDENTIFIERS = DESCRIBE + """
      for (const d of document.querySelectorAll('details')) {
        d.open = true;
      }
      const lines = (range) => {
        const tops = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0).map(r => r.top)
            .sort((a, b) => a - b);
        let n = tops.length === 0 ? 0 : 1;
        for (let i = 1; i < tops.length; i++) {
          if (tops[i] - tops[i - 1] > 2) {
            n++;
          }
        }
        return n;
      };
      const broken = [];
      let checked = 0;
      const range = document.createRange();
      for (const el of document.querySelectorAll('.id, td.mono')) {
        range.selectNodeContents(el);
        if (lines(range) === 0) {
          continue;
        }
        checked++;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          const node = walker.currentNode;
          for (const m of node.data.matchAll(/[\\p{L}\\p{N}]+/gu)) {
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const n = lines(range);
            if (n > 1) {
              broken.push(describe(el) + ' ' + snippet(el.textContent) + ': "' + m[0] + '" is broken over ' + n
                  + ' lines');
            }
          }
        }
      }
      return {checked: checked, broken: [...new Set(broken)]};
      """;

  /**
   * What {@link #identifiers} measured.
   *
   * @param checked how many identifiers were laid out and measured
   * @param broken each one laid out on more than one line
   */
  record Identifiers(int checked, List<String> broken) {}

  /** Every identifier broken across lines at the current viewport (each {@code <details>} opened first). */
  static Identifiers identifiers(JavascriptExecutor page) {
    Map<String, Object> result = map(page.executeScript(IDENTIFIERS));
    return new Identifiers(((Number) result.get("checked")).intValue(), strings(result.get("broken")));
  }

  static List<String> layout(JavascriptExecutor page) {
    return strings(page.executeScript(LAYOUT));
  }

  static List<String> contrast(JavascriptExecutor page) {
    return strings(page.executeScript(CONTRAST));
  }

  /** Resources the page fetched after it loaded (images, style sheets, fonts, scripts): none, for our pages. */
  static List<String> resources(JavascriptExecutor page) {
    return strings(page.executeScript(
        "return performance.getEntriesByType('resource').map(e => e.initiatorType + ' ' + e.name);"));
  }

  /** The result of a script returning an object, as a map. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object result) {
    return (Map<String, Object>) result;
  }

  private static List<String> strings(Object result) {
    List<String> out = new ArrayList<>();
    if (result instanceof List<?> list) {
      list.forEach(o -> out.add(String.valueOf(o)));
    }
    return out;
  }
}
