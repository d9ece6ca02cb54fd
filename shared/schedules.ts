import { z } from "zod";
import { CHAT_MESSAGE_MAX_LENGTH } from "./constants";
import { DIRECTOR_IDS, type DirectorId } from "./directors";
import { CADENCES, type Cadence, type CalendarDate } from "./periods";
import { ownerText } from "./validation";

/**
 * Scheduled requests: a question the owner asked a director, asked again every week or month ("Repeat weekly"). Each
 * run's answer is a new conversation, flagged new until the owner opens it.
 */

export type ScheduledRun = {
  id: string;
  period: CalendarDate;
  status: "pending" | "ready" | "failed";
  conversationId: string | null;
  /** Not yet opened by the owner. */
  isNew: boolean;
};

export type ScheduledRequest = {
  id: string;
  directorId: DirectorId;
  question: string;
  cadence: Cadence;
  paused: boolean;
  createdAt: string;
  /** The latest runs, newest first. */
  runs: ScheduledRun[];
};

/** GET /api/schedules. */
export type SchedulesOverview = { schedules: ScheduledRequest[]; limit: number };

export const scheduleInputSchema = z.object({
  directorId: z.enum(DIRECTOR_IDS),
  question: ownerText().pipe(z.string().trim().min(1, "Write the question to repeat.").max(CHAT_MESSAGE_MAX_LENGTH)),
  cadence: z.enum(CADENCES).default("weekly"),
});
export type ScheduleInput = z.input<typeof scheduleInputSchema>;

export const scheduleChangeSchema = z.object({
  question: scheduleInputSchema.shape.question.optional(),
  cadence: z.enum(CADENCES).optional(),
  paused: z.boolean().optional(),
});
export type ScheduleChange = z.input<typeof scheduleChangeSchema>;
