import { Children, type ComponentProps, cloneElement, type ReactElement } from "react";
import { cn } from "../../lib/cn";

const VARIANTS = {
  primary: "bg-primary text-white shadow-sm hover:bg-primary-hover disabled:bg-primary/60",
  secondary: "border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  destructive: "bg-red-700 text-white shadow-sm hover:bg-red-800",
  link: "text-brand-700 underline-offset-4 hover:underline",
} as const;

/** On a phone every button is at least 44 px tall, a fingertip's target; wider screens get the compact sizes. */
const SIZES = {
  sm: "h-11 px-3 text-sm sm:h-9",
  md: "h-11 px-4 text-sm sm:h-10",
  lg: "h-12 px-6 text-base",
  icon: "h-11 w-11 sm:h-10 sm:w-10",
} as const;

export type ButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Renders the only child (a link) with the button's look. */
  asChild?: boolean;
};

export function Button({ variant = "primary", size = "md", asChild, className, children, ...props }: ButtonProps) {
  const look = cn(
    "inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
  if (asChild) {
    // The link keeps its own props; it takes the button's look and anything the button was given that it lacks.
    const link = Children.only(children) as ReactElement<{ className?: string }>;
    return cloneElement(link, { ...props, ...link.props, className: cn(look, link.props.className) });
  }
  return (
    <button className={look} {...props}>
      {children}
    </button>
  );
}
