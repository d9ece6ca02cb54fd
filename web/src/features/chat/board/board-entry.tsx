import { Link } from "react-router";
import { BoardAvatar } from "../../../components/board-avatar";

/**
 * The Board entry on the chat screen: always there, so an owner with one
 * trained director finds out what a board meeting is and how to hold one.
 */
export function BoardEntry({ onOpen }: { onOpen?: () => void }) {
  return (
    <div className="border-b border-slate-200 px-3 py-2">
      <Link
        to="/board"
        onClick={onOpen}
        className="flex items-center gap-3 rounded-xl px-2 py-1.5 transition-colors hover:bg-brand-50"
      >
        <BoardAvatar size="sm" />
        <span className="min-w-0">
          <span className="block font-medium text-slate-900">Board meeting</span>
          <span className="block text-sm leading-snug text-slate-600">Ask all your directors at once</span>
        </span>
      </Link>
    </div>
  );
}
