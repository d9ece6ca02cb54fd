-- The free trial's one preview board meeting (server/board/board-preview.ts): which meeting it was, once held.
ALTER TABLE "subscriptions" ADD COLUMN "board_preview_meeting_id" uuid;
