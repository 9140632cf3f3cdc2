/** What one answer's X-RateLimit-* headers say about the API key's budget (pace.ts `rateLimitOf`). */
export interface RateLimit {
	limit?: number;
	remaining: number;
	/** When the budget resets (ms since the epoch); undefined for a Reset of 0 or none. */
	resetAt?: number;
}

/** Requests a shared window lets go at once before its pacing starts: a few, so a small run is not slowed. */
const BURST = 4;

/** What the window reads of its key's requests: how many this process sent (the last ticket), and how many of them are unanswered. */
export interface Sends {
	sent: number;
	inFlight: number;
}

/**
 * A fixed window shared by every process and execution using the key (keyQueue.ts `Pace`'s 'window' mode):
 * no more than Remaining goes before Reset.
 *
 * - **Alone**, what is left goes as soon as answers say it is there, in two halves. A process is
 *   alone in a window when the last window showed no other spender (no answer counted more of it
 *   spent than this process sent in it, no 429 while budget was left) and its end was known from
 *   its answers. Spread over the window, a burst lost the last window's time and whatever a busy
 *   event loop sent too late at each window's tail (docs/reliability.md, "Bursts").
 * - **Shared**, what is left is spread over the rest of the window (a few at once): each process's
 *   requests lower Remaining in the next answer any process gets, so each takes its share.
 * - **The end** is the earliest that this window's answers allow (whole-second Resets round up).
 *   At a rollover the next end is a guess (the last end plus the length seen), replaced by the
 *   first answer of the new window: a length learnt from a partial window would otherwise start
 *   the next window early, into 429s. An answer to a request sent before the rollover may be the
 *   old window's: it counts only if it shows it is not (more left, or an end no earlier).
 */
export class FixedWindow {
	end = 0;

	length = 0;

	private guessed = false;

	/** The last answer taken: its Remaining as the API said it, and its ticket. */
	private lastRemaining = 0;

	private lastTicket = 0;

	/** What is left as of the last answer taken (less what was sent after its request), and the requests sent by then. */
	private remaining = 0;

	private sentAtSeen = 0;

	private limit = 0;

	/** Tickets up to `rolledAt` were sent before the window rolled over; those after `base` may count in this window. */
	private rolledAt = 0;

	private base = 0;

	private shared = false;

	private alone = false;

	/**
	 * An answer of this window came (until then, alone, one request at a time finds out what is
	 * left), the requests sent by then, and an answer to the last of the half sent after it: it
	 * counts every request sent before it, so only another spender explains Remaining falling more.
	 */
	private confirmed = false;

	private sentAtConfirmed = Infinity;

	private halfAnswered = false;

	/** Turns that may go now when shared, earned at the pace of what is left over the time left, at most BURST. */
	private credit = BURST;

	private creditAt = 0;

	/** An answer of the window with this ticket: its headers' budget (Reset in the future, or none with nothing left). */
	answered(ticket: number, rateLimit: RateLimit, now: number, s: Sends) {
		if (rateLimit.limit) this.limit = rateLimit.limit;
		const { resetAt } = rateLimit;
		// within a window Remaining only falls: more than the last answer said is a new window's
		const newer = rateLimit.remaining > this.lastRemaining;
		if (resetAt !== undefined) {
			this.length = Math.max(this.length, resetAt - now);
			// the key's first window: alone until an answer or a 429 shows otherwise
			if (!this.end) this.alone = this.limit > 0;
			else if (now >= this.end || (newer && !this.guessed)) this.roll(now, s);
			// sent before the rollover, and nothing shows it is of the new window: the old one's
			if (ticket <= this.rolledAt && !newer && resetAt < this.end) return;
			this.end = this.end && !this.guessed && !newer ? Math.min(this.end, resetAt) : resetAt;
			this.guessed = false;
		}
		// an answer overtaken by a later one says nothing new
		if (ticket < this.lastTicket) return;
		// the window's first answer: its request went alone (the key's first, or the first after a rollover)
		const first = ticket > this.rolledAt && !this.confirmed;
		if (first) {
			this.confirmed = true;
			this.sentAtConfirmed = s.sent;
		} else if (ticket >= this.sentAtConfirmed + Math.ceil(this.remaining / 2)) this.halfAnswered = true;
		// more of the window spent than this process can have sent in it
		if (this.limit - rateLimit.remaining > s.sent - this.base) this.othersSpend();
		this.lastRemaining = rateLimit.remaining;
		this.lastTicket = ticket;
		// alone, the first answer said exactly what is left and each request since spends one; a later
		// answer would count the requests sent after it as still to come though the API counted them
		if (!this.alone || first) this.see(rateLimit.remaining - (s.sent - ticket), s.sent);
	}

	/** A 429 to the request with this ticket: if sent in this window, someone else spends it, and it is spent. */
	rateLimited(ticket: number, s: Sends) {
		if (ticket <= this.rolledAt) return;
		this.othersSpend();
		this.see(0, s.sent);
		this.lastRemaining = 0;
	}

	/**
	 * Ms until the next turn (the window rolls over first if its end has passed), or 'spent' when
	 * nothing more may go before the end. Alone: one request, then half of what its answer says is
	 * left, then the rest once the answer to the last of that half still shows no one else (requests sent
	 * late in the last window may have landed in this one, and another process starting to spend
	 * shows before the second half goes). Shared: turns come as credit is earned.
	 */
	wait(now: number, s: Sends): number | 'spent' {
		if (now >= this.end) this.roll(now, s);
		const left = this.remaining - (s.sent - this.sentAtSeen);
		if (this.alone && !this.confirmed) return s.inFlight > 0 ? Infinity : 0;
		if (left <= 0) return 'spent';
		if (this.alone) return this.halfAnswered || s.sent - this.sentAtSeen < Math.ceil(this.remaining / 2) ? 0 : Infinity;
		const rate = left / (this.end - now);
		this.credit = Math.min(BURST, this.credit + (now - this.creditAt) * rate);
		this.creditAt = now;
		return this.credit >= 1 ? 0 : (1 - this.credit) / rate;
	}

	sending() {
		this.credit = Math.max(0, this.credit - 1);
	}

	private othersSpend() {
		this.shared = true;
		this.alone = false;
	}

	private see(remaining: number, sent: number) {
		this.remaining = remaining;
		this.sentAtSeen = sent;
	}

	/** The window's end has passed (or an answer showed a new one): the next, as large as the limit until an answer says more. */
	private roll(now: number, s: Sends) {
		const length = this.length || 1000;
		let end = this.end + length;
		// alone in it only if the last one's end was known, it showed no one else, and no window was skipped
		this.alone = this.limit > 0 && !this.shared && !this.guessed && end > now;
		while (end <= now) end += length;
		this.end = end;
		this.guessed = true;
		this.confirmed = false;
		this.halfAnswered = false;
		this.sentAtConfirmed = Infinity;
		this.shared = false;
		this.rolledAt = s.sent;
		this.base = s.sent - s.inFlight;
		// requests still on their way may land in the new window: counted as spent until an answer says
		this.see((this.limit || 1) - s.inFlight, s.sent);
		this.lastRemaining = this.limit || 1;
		this.credit = BURST;
		this.creditAt = now;
	}
}
