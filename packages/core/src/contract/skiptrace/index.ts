export {
  cancelListSkiptrace,
  getListSkiptrace,
  getSkiptracePrices,
  listMetrics,
  skiptraceList,
  skiptraceProperty,
  skiptraceRunDto,
  tracedPhoneDto,
  type ListMetrics,
  type SkiptraceRunDto,
} from './skiptrace.js';
