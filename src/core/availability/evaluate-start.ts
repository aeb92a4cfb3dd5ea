import type { EpochMs } from "../shared/time.ts";
import { MINUTE_MS } from "../shared/time.ts";
import type { Engine, Evaluation } from "./engine.ts";
import { calendarRejection, closest, staffRejection } from "./engine.ts";
import { findContaining, lowerBound } from "./intervals.ts";
import type { ClassSession, InstantRange, SlotRejection } from "./model.ts";
import { evaluateService } from "./service-plan.ts";

/** Every rule for one start. The single source of truth for what may be booked. */
export function evaluateStart(engine: Engine, startMs: EpochMs): Evaluation {
  const calendar = calendarRejection(engine, startMs);
  if (calendar) return { ok: false, reason: calendar };
  const { rules } = engine;
  const durationMs = rules.durationMinutes * MINUTE_MS;
  const bb = rules.bufferBeforeMinutes * MINUTE_MS;
  const ba = rules.bufferAfterMinutes * MINUTE_MS;

  switch (rules.type) {
    case "personal":
    case "round_robin": {
      const free: string[] = [];
      let reason: SlotRejection | null = null;
      for (const st of engine.members) {
        const r = staffRejection(engine, st, startMs, durationMs, bb, ba, "grid");
        if (r === null) free.push(st.staffId);
        else reason = closest(reason, r);
      }
      if (free.length > 0) return { ok: true, slot: { startMs, staffIds: free } };
      return { ok: false, reason: reason ?? "NO_ELIGIBLE_STAFF" };
    }
    case "collective": {
      if (engine.members.length === 0) return { ok: false, reason: "NO_ELIGIBLE_STAFF" };
      const p = findContaining(engine.jointPeriods, startMs);
      if (p < 0) return { ok: false, reason: "OUTSIDE_HOURS" };
      const w = engine.jointWorking[findContaining(engine.jointWorking, startMs)];
      if (!w || startMs + durationMs > w.endMs) return { ok: false, reason: "OUTSIDE_HOURS" };
      if ((startMs - (engine.jointPeriods[p] as InstantRange).startMs) % engine.stepMs !== 0)
        return { ok: false, reason: "NOT_ON_GRID" };
      for (const st of engine.members) {
        const r = staffRejection(engine, st, startMs, durationMs, bb, ba, "none");
        if (r) return { ok: false, reason: r };
      }
      return { ok: true, slot: { startMs, staffIds: engine.members.map((m) => m.staffId) } };
    }
    case "class": {
      const host = engine.members[0];
      if (!host) return { ok: false, reason: "NO_ELIGIBLE_STAFF" };
      const r = staffRejection(engine, host, startMs, durationMs, bb, ba, "grid");
      if (r) return { ok: false, reason: r };
      const sessions = host.busy.sessions;
      let taken = 0;
      // Only sessions starting within reach of this start can overlap it (sorted by start).
      const last = startMs + durationMs + ba + host.sessionLeadMs;
      for (let i = lowerBound(host.sessionStarts, startMs - bb - host.sessionReachMs); i < sessions.length; i++) {
        const s = sessions[i] as ClassSession;
        if (s.startMs >= last) break;
        if (s.startMs === startMs) taken = s.seatsTaken;
        else if (s.blockedStartMs < startMs + durationMs + ba && startMs - bb < s.blockedEndMs)
          return { ok: false, reason: "STAFF_BUSY" };
      }
      const remainingSeats = (rules.seatsPerSlot ?? 1) - taken;
      if (remainingSeats < engine.guests) return { ok: false, reason: "NO_SEATS" };
      return { ok: true, slot: { startMs, staffIds: [host.staffId], remainingSeats } };
    }
    case "service":
      return evaluateService(engine, startMs);
  }
}
