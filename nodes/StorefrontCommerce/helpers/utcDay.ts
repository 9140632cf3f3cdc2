/**
 * The day a date value names, as `YYYY-MM-DD`, or undefined when it names none.
 *
 * The API takes a UTC day, and the user picks that day: n8n's date picker gives the wall-clock
 * text (`2026-01-15T00:00:00`, with an offset when the workflow has a time zone), and an
 * expression may give an ISO string or a Luxon DateTime. The calendar date they carry is the
 * day chosen, so it is read from the text, never through `new Date` (which would move it by
 * the process's or the value's UTC offset). Only a JS Date, which has no zone of its own, is
 * read in UTC.
 */
export function utcDay(value: unknown): string | undefined {
	// a Date from another realm (the expression engine's) fails `instanceof Date`: ask its tag
	if (Object.prototype.toString.call(value) === '[object Date]') {
		const date = value as Date;
		return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
	}
	let text: unknown = value;
	if (value && typeof value === 'object') {
		// a Luxon DateTime (not a dependency of this package): its own calendar date; n8n's
		// isolated-vm engine hands dates over as {__n8nType, __isoString, __zone}, the text in its zone
		const dt = value as { isLuxonDateTime?: boolean; toISODate?: () => string | null; toISO?: () => string | null; __isoString?: string };
		text = dt.isLuxonDateTime && dt.toISODate ? dt.toISODate() : typeof dt.__isoString === 'string' ? dt.__isoString : dt.toISO?.();
	}
	const match = /^\s*(\d{4})-(\d{2})-(\d{2})(?=$|[T\s])/.exec(String(text ?? ''));
	if (!match) return undefined;
	const [, y, m, d] = match;
	const check = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
	return check.getUTCMonth() === Number(m) - 1 && check.getUTCDate() === Number(d) ? `${y}-${m}-${d}` : undefined;
}
