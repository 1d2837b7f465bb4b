// @vitest-environment jsdom
import { describeSessionFlows } from './session-flows.js';

describeSessionFlows('cookie');
