export {
  cancelListSkiptrace,
  getListSkiptrace,
  getPropertySkiptrace,
  listMetrics,
  skiptraceList,
  skiptraceProperty,
  skiptraceRunDto,
  tracedPhoneDto,
  type ListMetrics,
  type SkiptraceRunDto,
} from './skiptrace.js';
