import { Component, type ReactNode } from "react";
import { RouteErrorScreen } from "./route-error-screen";

type Props = { resetKey: string; children: ReactNode };
type State = { failed: boolean; error: unknown; resetKey: string };

/**
 * Anything a page throws while rendering, a page's code that fails to
 * download included, shows the error screen in place of the whole layout.
 * Moving to another location (Back, Forward) tries the pages again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { failed: false, error: undefined, resetKey: props.resetKey };
  }

  render() {
    return this.state.failed ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}
