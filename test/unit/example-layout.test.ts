import fs from 'node:fs';
import path from 'node:path';

import { EXAMPLES_DIR } from '../../sandbox/setup';

/**
 * The examples laid out to read on n8n's canvas: no two nodes (or a node and a note) overlap, no
 * connection runs through a node, a note or a node's name, main connections run left to right, and
 * every sticky note is about the size of its text. Read from the JSON's positions (a node's top-left
 * corner) with the sizes n8n 2.41.1's canvas draws nodes at. From n8n-editor-ui's source (the
 * installed build: .cache/n8n-2.41.1/node_modules/n8n-editor-ui/dist/assets, the functions named
 * here), and measured in the editor (Chromium, each `[data-test-id="canvas-node"]`'s box and
 * handles, in canvas coordinates):
 *
 * - on opening a workflow, n8n moves every node (and note) onto its 16 px grid: `snapPositionToGrid`
 *   (the workflows store's setNodes), each coordinate up to the next multiple of 16, a negative one
 *   exactly between two down (200 → 208, -120 → -128);
 * - a sticky note: its `width` × `height` parameters (240 × 160 when unset);
 * - `calculateNodeSize(configuration, configurable, mainInputs, mainOutputs, nonMainInputs)`
 *   (canvas/utils, CanvasNodeDefault.vue), where a "configuration" node has an AI output
 *   (nodeTypesStore.isConfigNode) and a "configurable" one AI inputs (isConfigurableNode):
 *   - configurable (agent, MCP Server Trigger, a human review tool such as chatHitlTool): a pill
 *     80 + 16 × (1 if also configuration + 3 × (max(4, AI inputs) − 1)) wide: 224 × 96 for an
 *     agent, 240 × 80 for a review node (drawn 240 × 80, "Review the boost"), its name inside;
 *   - configuration only (chat model, tool): an 80 × 80 circle, its name under it;
 *   - any other node: 96 × 96, 32 px higher per main input or output beyond two, its name under it;
 * - a name under a node (CanvasNodeDefault's description): about 8 px below it, centred, as wide as two
 *   nodes (192 under a node, 160 under a circle), two lines of 20 px; counted here as the 40 px
 *   under the node, as wide as the node and its half on each side.
 *
 * A connection is drawn as the canvas draws it (xyflow's bezier, curvature 0.25): main from the right
 * of the source (outputs spread over its height) to the left of the target; AI from the top middle
 * of the sub-node to its port under the target. Those ports (CanvasNode.vue's handle offsets and
 * `insertSpacersBetweenEndpoints`): the AI inputs in the type's order, required ones first, padded
 * to four slots with empty ones after the required, slot i at 40 + 48 × i px from the node's left
 * (an agent: chat model 40, memory 136, tool 184).
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
interface AiInput {
	type: string;
	required?: boolean;
}

const STICKY = 'n8n-nodes-base.stickyNote';
const GRID = 16;
const LABEL = 40;
/**
 * The AI inputs of the node types that take some, as their descriptions declare them, in order: the
 * agent (@n8n/n8n-nodes-langchain agents/Agent/utils.js getInputs), the MCP Server Trigger, and
 * every human review tool, `*HitlTool` (n8n's tool-generation/hitl-tools.js convertNodeToHitlTool).
 */
function aiInputsOf(node: Node): AiInput[] | undefined {
	if (node.type === '@n8n/n8n-nodes-langchain.agent') {
		return [
			{ type: 'ai_languageModel', required: true },
			...(node.parameters.needsFallback === true ? [{ type: 'ai_languageModel', required: true }] : []),
			{ type: 'ai_memory' },
			{ type: 'ai_tool' },
			...(node.parameters.hasOutputParser === true ? [{ type: 'ai_outputParser' }] : []),
		];
	}
	if (node.type === '@n8n/n8n-nodes-langchain.mcpTrigger') return [{ type: 'ai_tool' }];
	if (node.type.endsWith('HitlTool')) return [{ type: 'ai_tool', required: true }];
	return undefined;
}

/** Where n8n puts a coordinate when it opens the workflow (snapPositionToGrid). */
function snap(value: number): number {
	const up = GRID * Math.ceil(value / GRID);
	const beyond = value * GRID > 0 ? up + GRID : up - GRID;
	return Math.abs(value - up) < Math.abs(value - beyond) ? up : beyond;
}

/** n8n's calculateNodeSize (canvas/utils). */
function nodeSize(configuration: boolean, configurable: boolean, mainInputs: number, mainOutputs: number, aiInputs: number) {
	const height = 96 + Math.max(0, Math.max(mainInputs, mainOutputs, 1) - 2) * 2 * GRID;
	if (configurable) return { w: 80 + GRID * ((configuration ? 1 : 0) + (Math.max(4, aiInputs) - 1) * 3), h: configuration ? 80 : height };
	if (configuration) return { w: 80, h: 80 };
	return { w: 96, h: height };
}

/** Each AI input's slot under the node: required first, then empty slots up to four, then the rest. */
function aiSlots(inputs: AiInput[]): Array<AiInput | null> {
	const required = inputs.filter((i) => i.required).length;
	const slots: Array<AiInput | null> = [...inputs];
	if (inputs.length < 4) slots.splice(required, 0, ...Array<null>(4 - inputs.length).fill(null));
	return slots;
}

const files = fs.readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.json')).sort();
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as Workflow;

/** Each node's box (and the box of the name written under it), and where its connections start and end. */
function layout(workflow: Workflow) {
	const links = Object.entries(workflow.connections).flatMap(([from, kinds]) =>
		Object.entries(kinds).flatMap(([kind, outputs]) => outputs.flatMap((targets, output) => (targets ?? []).map((t) => ({ from, to: t.node, kind, output, input: t.index })))),
	);
	const byName = new Map(workflow.nodes.map((n) => [n.name, n]));
	// main inputs and outputs: those connected (n8n counts the type's own; the examples connect every one)
	const mainCount = (name: string, side: 'from' | 'to') => Math.max(1, ...links.filter((l) => l.kind === 'main' && l[side] === name).map((l) => 1 + (side === 'from' ? l.output : l.input)));
	/** The node's AI inputs: its type's, or those connected for a type not listed above. */
	const aiInputs = (n: Node): AiInput[] =>
		aiInputsOf(n) ?? [...new Set(links.filter((l) => l.to === n.name && l.kind !== 'main').map((l) => l.kind))].map((type) => ({ type, required: true }));
	const configuration = (n: Node) => n.type.endsWith('HitlTool') || links.some((l) => l.from === n.name && l.kind !== 'main');
	const box = (n: Node): Box & { label: boolean } => {
		const [x, y] = n.position.map(snap);
		if (n.type === STICKY) return { x, y, w: Number(n.parameters.width ?? 240), h: Number(n.parameters.height ?? 160), label: false };
		const ai = aiInputs(n).length;
		const size = nodeSize(configuration(n), ai > 0, mainCount(n.name, 'to'), mainCount(n.name, 'from'), ai);
		return { x, y, ...size, label: ai === 0 };
	};
	const boxes = new Map(workflow.nodes.map((n) => [n.name, box(n)]));
	/** The node with the name written under it. */
	const outline = (name: string): Box => {
		const b = boxes.get(name)!;
		return b.label ? { x: b.x - b.w / 2, y: b.y, w: 2 * b.w, h: b.h + LABEL } : b;
	};
	const ends = (l: (typeof links)[number]) => {
		const s = boxes.get(l.from)!;
		const t = boxes.get(l.to)!;
		if (l.kind === 'main') {
			const outs = mainCount(l.from, 'from');
			const ins = mainCount(l.to, 'to');
			return { main: true, sx: s.x + s.w, sy: s.y + (s.h * (l.output + 1)) / (outs + 1), tx: t.x, ty: t.y + (t.h * (l.input + 1)) / (ins + 1) };
		}
		const slots = aiSlots(aiInputs(byName.get(l.to)!));
		// the input of that kind, the l.input-th of them
		const slot = slots.map((s, i) => (s?.type === l.kind ? i : -1)).filter((i) => i >= 0)[l.input] ?? 0;
		return { main: false, sx: s.x + s.w / 2, sy: s.y, tx: t.x + 40 + 3 * GRID * slot, ty: t.y + t.h };
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
