// A render crash anywhere below shows the refresh screen instead of a blank page.

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { recordError } from '../lib/errors';

interface State {
  crashed: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { crashed: false };

  static getDerivedStateFromError(): State {
    return { crashed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    recordError(`${error.message}${info.componentStack ?? ''}`.slice(0, 500));
  }

  render() {
    if (!this.state.crashed) return this.props.children;
    return (
      <main className="plain-screen" role="alert">
        <p>We&apos;re experiencing a technical issue. Refreshing the page usually resolves this.</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Refresh Page
        </button>
      </main>
    );
  }
}
