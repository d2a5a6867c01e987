/** Why the engine cannot use one of the services it needs, in words an operator can act on. */
export interface DependencyProblem {
  service: 'PostgreSQL' | 'Redis';
  /** The URL tried, password hidden. */
  target: string;
  /** Unreachable (nothing answered) or refused (it answered, and said no). */
  kind: 'unreachable' | 'refused';
  detail: string;
}
