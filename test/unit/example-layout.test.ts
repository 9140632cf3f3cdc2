import fs from 'node:fs';
import path from 'node:path';

import { EXAMPLES_DIR } from '../../sandbox/setup';

/**
 * The examples laid out to read on n8n's canvas: no two nodes (or a node and a note) overlap, no
 * connection runs through a node, a note or a node's name, main connections run left to right, and
 * every sticky note is about the size of its text. Read from the JSON's positions (a node's top-left
 * corner) with the sizes n8n's own workflow layout gives nodes (@n8n/workflow-sdk,
 * workflow-builder/constants.js and layout-utils.js getNodeDimensions; the canvas grid is 16 px):
 *
 * - a sticky note: its `width` × `height` parameters (240 × 160 when unset);
 * - an AI sub-node (a node with an AI output: chat model, tool, review tool): an 80 × 80 circle,
 *   its name written under it;
 * - a node that takes AI inputs (agent, MCP Server Trigger): 80 + 48 per port beyond the first, at
 *   least four ports (224) wide, 96 high, its name inside;
 * - any other node: 96 × 96, 32 px higher per main input or output beyond two, its name under it.
 *
 * A name under a node takes two lines, 40 px. A connection is drawn as the canvas draws it (xyflow's
 * bezier, curvature 0.25): main from the right of the source (outputs spread over its height) to
 * the left of the target; AI from the top of the sub-node to its port under the target (ports spread
 * over the width, in the target's order of AI inputs).
 */

interface Node {
	name: string;
	type: string;
	position: [number, number];
	parameters: Record<string, unknown>;
}
interface Target {
	node: string;
	type: string;
	index: number;
}
interface Workflow {
	nodes: Node[];
	connections: Record<string, Record<string, Target[][]>>;
}
interface Box {
	x: number;
	y: number;
	w: number;
	h: number;
}

const STICKY = 'n8n-nodes-base.stickyNote';
const LABEL = 40;
/** The AI inputs of the nodes that take some, in the order n8n draws their ports. */
const AI_PORTS: Record<string, string[]> = {
	'@n8n/n8n-nodes-langchain.agent': ['ai_languageModel', 'ai_memory', 'ai_tool', 'ai_outputParser'],
	'@n8n/n8n-nodes-langchain.mcpTrigger': ['ai_tool'],
	'@n8n/n8n-nodes-langchain.chatHitlTool': ['ai_tool'],
};

const files = fs.readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.json')).sort();
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as Workflow;

/** Each node's box (and the box of the name written under it), and where its connections start and end. */
function layout(workflow: Workflow) {
	const links = Object.entries(workflow.connections).flatMap(([from, kinds]) =>
		Object.entries(kinds).flatMap(([kind, outputs]) => outputs.flatMap((targets, output) => (targets ?? []).map((t) => ({ from, to: t.node, kind, output, input: t.index })))),
	);
	const byName = new Map(workflow.nodes.map((n) => [n.name, n]));
	const mainCount = (name: string, side: 'from' | 'to') => Math.max(1, ...links.filter((l) => l.kind === 'main' && l[side] === name).map((l) => 1 + (side === 'from' ? l.output : l.input)));
	const subNode = (name: string) => links.some((l) => l.from === name && l.kind !== 'main');
	const aiParent = (name: string) => links.some((l) => l.to === name && l.kind !== 'main');
	const box = (n: Node): Box & { label: boolean } => {
		const [x, y] = n.position;
		if (n.type === STICKY) return { x, y, w: Number(n.parameters.width ?? 240), h: Number(n.parameters.height ?? 160), label: false };
		if (subNode(n.name)) return { x, y, w: 80, h: 80, label: true };
		if (aiParent(n.name)) return { x, y, w: 80 + 48 * (Math.max(4, (AI_PORTS[n.type] ?? []).length) - 1), h: 96, label: false };
		return { x, y, w: 96, h: 96 + 32 * Math.max(0, Math.max(mainCount(n.name, 'from'), mainCount(n.name, 'to')) - 2), label: true };
	};
	const boxes = new Map(workflow.nodes.map((n) => [n.name, box(n)]));
	/** The node with the name written under it. */
	const outline = (name: string): Box => {
		const b = boxes.get(name)!;
		return { x: b.x, y: b.y, w: b.w, h: b.h + (b.label ? LABEL : 0) };
	};
	const ends = (l: (typeof links)[number]) => {
		const s = boxes.get(l.from)!;
		const t = boxes.get(l.to)!;
		if (l.kind === 'main') {
			const outs = mainCount(l.from, 'from');
			const ins = mainCount(l.to, 'to');
			return { main: true, sx: s.x + s.w, sy: s.y + (s.h * (l.output + 1)) / (outs + 1), tx: t.x, ty: t.y + (t.h * (l.input + 1)) / (ins + 1) };
		}
		const ports = AI_PORTS[byName.get(l.to)!.type] ?? [l.kind];
		const port = Math.max(0, ports.indexOf(l.kind));
		return { main: false, sx: s.x + s.w / 2, sy: s.y, tx: t.x + (t.w * (port + 1)) / (ports.length + 1), ty: t.y + t.h };
	};
	return { links, boxes, outline, ends };
}

/** xyflow's control offset for a bezier edge (curvature 0.25). */
const offset = (distance: number) => (distance >= 0 ? 0.5 * distance : 0.25 * 25 * Math.sqrt(-distance));

/** Points along a connection as the canvas draws it. */
function curve(e: { main: boolean; sx: number; sy: number; tx: number; ty: number }, steps = 60): Array<[number, number]> {
	const c1 = e.main ? [e.sx + offset(e.tx - e.sx), e.sy] : [e.sx, e.sy - offset(e.sy - e.ty)];
	const c2 = e.main ? [e.tx - offset(e.tx - e.sx), e.ty] : [e.tx, e.ty + offset(e.sy - e.ty)];
	return Array.from({ length: steps + 1 }, (_, i) => {
		const t = i / steps;
		const u = 1 - t;
		const at = (a: number, b: number, c: number, d: number) => u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d;
		return [at(e.sx, c1[0], c2[0], e.tx), at(e.sy, c1[1], c2[1], e.ty)] as [number, number];
	});
}

const inside = (b: Box, [x, y]: [number, number], margin = 2) => x > b.x + margin && x < b.x + b.w - margin && y > b.y + margin && y < b.y + b.h - margin;
const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * The height a note's markdown takes in n8n at its width, estimated: 14 px text at about 7 px a
 * character on 21 px lines, headings larger, 12 px between blocks, 16 px padding.
 */
function noteHeight(content: string, width: number): number {
	const perLine = (indent: number) => Math.floor((width - 32 - indent) / 7);
	const blocks = content.split(/\n+/).filter((line) => line.trim());
	const plain = (line: string) => line.replace(/\*\*|\*|`|\[|\]\([^)]*\)/g, '');
	let height = 32;
	for (const block of blocks) {
		const heading = /^(#+) /.exec(block);
		if (heading) {
			const size = heading[1].length === 2 ? 20 : 16;
			height += Math.ceil(plain(block).length / Math.floor((width - 32) / (size / 2))) * size * 1.3 + 12;
			continue;
		}
		const indent = /^(\d+\.|-) /.test(block) ? 24 : 0;
		height += Math.ceil(plain(block).length / perLine(indent)) * 21 + 12;
	}
	return height;
}

describe.each(files)('%s', (file) => {
	const workflow = read(file);
	const { links, boxes, outline, ends } = layout(workflow);
	const names = workflow.nodes.map((n) => n.name);

	test('no two nodes overlap (a node with its name, a sticky note)', () => {
		const pairs = names.flatMap((a, i) => names.slice(i + 1).map((b) => [a, b]));
		expect(pairs.filter(([a, b]) => overlap(outline(a), outline(b))).map(([a, b]) => `${a} / ${b}`)).toEqual([]);
	});

	test('main connections run left to right, and no connection runs through a node, its name or a note', () => {
		const crossing: string[] = [];
		for (const l of links) {
			const e = ends(l);
			if (e.main && e.tx < e.sx + 16) crossing.push(`${l.from} → ${l.to} runs right to left`);
			const points = curve(e);
			for (const other of names) {
				// its own ends: only their boxes (a connection leaves and enters at their edge), not their names
				const own = other === l.from || other === l.to;
				const b = own ? boxes.get(other)! : outline(other);
				if (points.some((p) => inside(b, p))) crossing.push(`${l.from} → ${l.to} crosses ${other}`);
			}
		}
		expect(crossing).toEqual([]);
	});

	test('every sticky note is about the size of its text: all of it shows, with little empty space under it', () => {
		for (const n of workflow.nodes.filter((n) => n.type === STICKY)) {
			const { w, h } = boxes.get(n.name)!;
			const needed = noteHeight(String(n.parameters.content), w);
			expect({ note: n.name, fits: needed <= h, roomy: h <= needed + Math.max(80, needed * 0.2) }).toEqual({ note: n.name, fits: true, roomy: true });
		}
	});
});
