import { type LazyExoticComponent, lazy, type ReactNode } from "react";

type Component<Props> = (props: Props) => ReactNode;
type ComponentOf<Export> = Export extends Component<infer Props> ? Component<Props> : never;

/**
 * A component whose module is fetched the first time it renders (React.lazy),
 * named by its export rather than a default one. Render it inside Suspense.
 */
export function lazyNamed<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<ComponentOf<Module[Name]>> {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentOf<Module[Name]> })));
}
