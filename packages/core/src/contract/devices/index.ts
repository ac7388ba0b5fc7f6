export * from './dto.js';
export {
  getDevices,
  addNumber,
  addMac,
  addSimulatedPhone,
  removeNumbers,
  DOWNLOAD_APP_PATH,
  getDevicePairing,
  createSmsGatewayCode,
} from './devices.js';
export { sendSms } from './send-sms.js';
export { addLocalSmsGateway, addBlueBubbles } from './remote-devices.js';
