import { AvatarCircle, type AvatarSize } from "./director-avatar";
import { boardIcon } from "./ui/app-icons";
import { Icon } from "./ui/icon";

/** A board meeting's mark in lists, the size of a director's avatar. */
export function BoardAvatar({ size = "md" }: { size?: AvatarSize }) {
  return (
    <AvatarCircle size={size} className="bg-brand-100 text-brand-800">
      <Icon drawing={boardIcon} className={size === "xs" ? "h-3.5 w-3.5" : size === "sm" ? "h-4.5 w-4.5" : "h-5 w-5"} />
    </AvatarCircle>
  );
}
